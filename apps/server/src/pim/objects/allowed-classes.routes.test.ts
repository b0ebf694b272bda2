import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { AddedElement, CopiedElement, CopyInfo } from '@optika/domain/pim/object-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { adminRoles, adminUserRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, type Method } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { loadEffectiveAllowedClasses } from '../../identity/admin-users/allowed-classes.ts'
import {
  grantObjectWorkspace,
  insertObject,
  insertRootAndClasses,
} from '../../../test/kits/pim-objects-test-kit.ts'

const ALL_RIGHTS = ['list', 'view', 'save', 'create', 'rename', 'delete', 'publish'] as const

/**
 * Pimcore's "allowed classes": a user creates objects (add, variant, copy) only of the classes
 * its own and its roles' lists allow together; an empty union allows all; an admin is never bound.
 */
describe('allowed classes', () => {
  let t: TestApp
  /** Role "Category editors" allows only Category. */
  let categoryEditor: string
  let categoryEditorId: number
  /** No list anywhere: every class. */
  let free: string
  /** Own list Product, role list Category: both, nothing else. */
  let mixed: string
  let mixedId: number
  let admin: string
  let shop: number
  let product: number
  let category: number

  async function user(
    username: string,
    options: { isAdmin?: boolean; own?: string[]; roleIds?: number[] } = {},
  ): Promise<{ id: number; cookie: string }> {
    const db = t.database.db
    const id = await insertAdminUser(db, {
      username,
      permissions: ['objects'],
      ...(options.isAdmin ? { isAdmin: true } : {}),
    })
    if (options.own) {
      await db.update(adminUsers).set({ allowedClasses: options.own }).where(eq(adminUsers.id, id))
    }
    for (const roleId of options.roleIds ?? []) {
      await db.insert(adminUserRoles).values({ userId: id, roleId })
    }
    await grantObjectWorkspace(db, id, '/', ALL_RIGHTS)
    return { id, cookie: await signIn(db, id) }
  }

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    await insertRootAndClasses(db)
    const [role] = await db
      .insert(adminRoles)
      .values({ name: 'Category editors', allowedClasses: ['Category'] })
      .returning({ id: adminRoles.id })
    // A role without a list adds nothing to the union (and does not widen it to "all").
    const [open] = await db
      .insert(adminRoles)
      .values({ name: 'Open role' })
      .returning({ id: adminRoles.id })
    ;({ id: categoryEditorId, cookie: categoryEditor } = await user('cat.editor', {
      roleIds: [role!.id, open!.id],
    }))
    free = (await user('free.editor')).cookie
    ;({ id: mixedId, cookie: mixed } = await user('mixed.editor', {
      own: ['Product'],
      roleIds: [role!.id],
    }))
    // An administrator's own list is ignored.
    admin = (await user('boss', { isAdmin: true, own: ['Category'] })).cookie
    shop = await insertObject(db, { parentId: 1, key: 'Shop', type: 'folder' })
    product = await insertObject(db, { parentId: shop, key: 'frame', classId: 'Product' })
    category = await insertObject(db, { parentId: shop, key: 'sun', classId: 'Category' })
  })
  afterAll(async () => t.close())

  async function call<T>(cookie: string, method: Method, url: string, payload?: unknown) {
    const response = await injectAs(t.app, method, url, cookie, payload, {
      'accept-language': 'en',
    })
    return { status: response.statusCode, body: response.json<T>() }
  }

  const add = (cookie: string, key: string, classId: string, parentId = shop) =>
    call<AddedElement>(cookie, 'POST', '/admin/object/add', { parentId, key, classId })

  async function keysBelow(parentId: number): Promise<string[]> {
    const rows = await t.database.db
      .select({ key: objects.key })
      .from(objects)
      .where(eq(objects.parentId, parentId))
    return rows.map((r) => r.key).sort()
  }

  async function exists(parentId: number, key: string): Promise<boolean> {
    const rows = await t.database.db
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.parentId, parentId), eq(objects.key, key)))
    return rows.length > 0
  }

  it('lets a user whose role allows only Category add a Category but not a Product', async () => {
    const allowed = await add(categoryEditor, 'new-category', 'Category')
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
    expect(await exists(shop, 'new-category')).toBe(true)

    const before = await keysBelow(shop)
    const refused = await add(categoryEditor, 'new-product', 'Product')
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      code: 'CLASS_NOT_ALLOWED',
      message: 'You are not allowed to create objects of the class "Product".',
    })
    expect(await keysBelow(shop)).toEqual(before)
  })

  it('refuses a variant of a class the user may not create', async () => {
    const refused = await call(categoryEditor, 'POST', '/admin/object/add', {
      parentId: product,
      key: 'red',
      type: 'variant',
    })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'CLASS_NOT_ALLOWED' })
    expect(await keysBelow(product)).toEqual([])

    const allowed = await call<AddedElement>(mixed, 'POST', '/admin/object/add', {
      parentId: product,
      key: 'red',
      type: 'variant',
    })
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
    expect(allowed.body.type).toBe('variant')
  })

  it('allows every class when neither the user nor its roles list any', async () => {
    for (const classId of ['Product', 'Category', 'Gadget']) {
      const response = await add(free, `free-${classId}`, classId)
      expect(response.status, JSON.stringify(response.body)).toBe(200)
    }
  })

  it('unites the user’s own list with its roles’ lists', async () => {
    expect(await loadEffectiveAllowedClasses(t.database.db, mixedId)).toEqual([
      'Category',
      'Product',
    ])
    expect(await loadEffectiveAllowedClasses(t.database.db, categoryEditorId)).toEqual(['Category'])
    expect((await add(mixed, 'mixed-product', 'Product')).status).toBe(200)
    expect((await add(mixed, 'mixed-category', 'Category')).status).toBe(200)
    expect((await add(mixed, 'mixed-gadget', 'Gadget')).status).toBe(403)
    expect(await exists(shop, 'mixed-gadget')).toBe(false)
  })

  it('never restricts an administrator', async () => {
    const response = await add(admin, 'admin-product', 'Product')
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const variant = await call(admin, 'POST', '/admin/object/add', {
      parentId: product,
      key: 'blue',
      type: 'variant',
    })
    expect(variant.status).toBe(200)
  })

  it('refuses a copy of an object of a class the user may not create, writing nothing', async () => {
    const target = await insertObject(t.database.db, {
      parentId: 1,
      key: 'Copies',
      type: 'folder',
    })
    const info = await call(
      categoryEditor,
      'GET',
      `/admin/object/copy-info?sourceId=${product}&targetId=${target}&type=child`,
    )
    expect(info.status).toBe(403)
    const copy = await call(categoryEditor, 'POST', '/admin/object/copy', {
      sourceId: product,
      targetId: target,
      type: 'child',
    })
    expect(copy.status).toBe(403)
    expect(copy.body).toMatchObject({ code: 'CLASS_NOT_ALLOWED' })
    expect(await keysBelow(target)).toEqual([])

    const allowed = await call<CopiedElement>(categoryEditor, 'POST', '/admin/object/copy', {
      sourceId: category,
      targetId: target,
      type: 'child',
    })
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
    expect(await keysBelow(target)).toEqual(['sun'])

    const byAdmin = await call(admin, 'POST', '/admin/object/copy', {
      sourceId: product,
      targetId: target,
      type: 'child',
    })
    expect(byAdmin.status).toBe(200)
    expect(await keysBelow(target)).toEqual(['frame', 'sun'])
  })

  it('refuses a subtree copy up front when the subtree holds a forbidden class', async () => {
    const db = t.database.db
    const target = await insertObject(db, { parentId: 1, key: 'Subtrees', type: 'folder' })
    const onlyCategories = await insertObject(db, { parentId: 1, key: 'Cats', type: 'folder' })
    await insertObject(db, { parentId: onlyCategories, key: 'c1', classId: 'Category' })
    const withProduct = await insertObject(db, { parentId: 1, key: 'Mixed', type: 'folder' })
    await insertObject(db, { parentId: withProduct, key: 'c2', classId: 'Category' })
    await insertObject(db, { parentId: withProduct, key: 'p2', classId: 'Product' })

    const refused = await call(
      categoryEditor,
      'GET',
      `/admin/object/copy-info?sourceId=${withProduct}&targetId=${target}&type=recursive`,
    )
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'CLASS_NOT_ALLOWED' })

    const allowed = await call<CopyInfo>(
      categoryEditor,
      'GET',
      `/admin/object/copy-info?sourceId=${onlyCategories}&targetId=${target}&type=recursive`,
    )
    expect(allowed.status).toBe(200)
    expect(allowed.body.steps).toHaveLength(2)
    // Copying a folder is not creating an object of a class.
    const folderCopy = await call(categoryEditor, 'POST', '/admin/object/copy', {
      sourceId: withProduct,
      targetId: target,
      type: 'child',
    })
    expect(folderCopy.status).toBe(200)
  })
})
