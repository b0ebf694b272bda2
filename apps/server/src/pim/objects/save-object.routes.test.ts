import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, count, eq } from 'drizzle-orm'
import { generateUrl } from '@optika/domain/routing/routes'
import type {
  ObjectDetail,
  SaveObjectResult,
  UpdatedElement,
  VariantList,
  VersionDiff,
  VersionPreview,
} from '@optika/domain/pim/object-api'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { elementLocks, elementVersions, productIndex } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, type Method } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import {
  insertObject,
  insertRootAndClasses,
  signInWorkspaceUser,
} from '../../../test/kits/pim-objects-test-kit.ts'
import { resolveObjectData } from './resolve-object-data.ts'

describe('object editor: save, versions, variants', () => {
  let t: TestApp
  let db: Db
  let admin: string
  let adminId: number
  let limited: string
  let brandA: number
  let brandB: number

  beforeAll(async () => {
    t = await buildTestApp()
    db = t.database.db
    await insertRootAndClasses(db)
    adminId = await insertAdminUser(db, { username: 'boss', isAdmin: true })
    admin = await signIn(db, adminId)
    const rights = ['list', 'view', 'save', 'publish'] as const
    limited = (await signInWorkspaceUser(db, 'ed', '/Products/A/', rights)).cookie
    const products = await insertObject(db, { parentId: 1, key: 'Products', type: 'folder' })
    brandA = await insertObject(db, { parentId: products, key: 'A', type: 'folder' })
    brandB = await insertObject(db, { parentId: products, key: 'B', type: 'folder' })
  })
  afterAll(async () => t.close())

  async function call<T>(
    method: Method,
    url: string,
    payload?: unknown,
    cookie = admin,
  ): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
    const res = await injectAs(t.app, method, url, cookie, payload)
    return {
      status: res.statusCode,
      body: res.body ? res.json<T>() : (undefined as T),
      headers: res.headers,
    }
  }

  async function row(id: number) {
    const [r] = await db.select().from(objects).where(eq(objects.id, id))
    return r!
  }
  async function versions(id: number) {
    return db
      .select()
      .from(elementVersions)
      .where(and(eq(elementVersions.elementType, 'object'), eq(elementVersions.elementId, id)))
      .orderBy(asc(elementVersions.versionCount))
  }

  it('refuses invalid data with 400 and the field errors, writing nothing', async () => {
    const id = await insertObject(db, {
      parentId: brandA,
      key: 'invalid',
      data: { name: 'Kept', size: 5 },
      published: true,
    })
    const [indexBefore] = await db.select({ n: count() }).from(productIndex)
    const res = await call<{ errors: { path: string }[] }>('PUT', '/admin/object/save', {
      id,
      data: { size: 500, color: 'x'.repeat(30) },
      task: 'publish',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e) => e.path).sort()).toEqual(['color', 'size'])
    expect(await row(id)).toMatchObject({ data: { name: 'Kept', size: 5 }, published: true })
    expect(await versions(id)).toEqual([])
    const [indexAfter] = await db.select({ n: count() }).from(productIndex)
    expect(indexAfter).toEqual(indexBefore)
  })

  it('checks mandatory fields only when publishing or saving a published object', async () => {
    const id = await insertObject(db, { parentId: brandA, key: 'draft-only' })
    const saved = await call<SaveObjectResult>('POST', '/admin/object/save', {
      id,
      data: { color: 'red' },
      task: 'save',
    })
    expect(saved.status).toBe(200)
    expect(await row(id)).toMatchObject({ data: { color: 'red' }, published: false })
    const publish = await call<{ errors: { path: string }[] }>('POST', '/admin/object/save', {
      id,
      data: {},
      task: 'publish',
    })
    expect(publish.status).toBe(400)
    expect(publish.body.errors.map((e) => e.path)).toEqual(['name'])
    expect((await row(id)).published).toBe(false)
  })

  it('saves a published object as a draft and publishes it on publish', async () => {
    const id = await insertObject(db, { parentId: brandA, key: 'drafty' })
    const first = await call<SaveObjectResult>('PUT', '/admin/object/save', {
      id,
      data: { name: 'Frame', color: 'black' },
      task: 'publish',
    })
    expect(first.body).toMatchObject({ published: true, versionCount: 1 })
    const draft = await call<SaveObjectResult>('PUT', '/admin/object/save', {
      id,
      data: { color: 'blue' },
      task: 'save',
    })
    expect(draft.body).toMatchObject({ published: true, versionCount: 2 })
    expect((await row(id)).data).toEqual({ name: 'Frame', color: 'black' })
    const detail = await call<ObjectDetail>('GET', `/admin/object/get?id=${id}`)
    expect(detail.body.data).toEqual({ name: 'Frame', color: 'black' })
    expect(detail.body.draft).toMatchObject({
      versionCount: 2,
      data: { name: 'Frame', color: 'blue' },
    })
    const vs = await versions(id)
    expect(vs.map((v) => v.isPublic)).toEqual([true, false])

    const published = await call<SaveObjectResult>('PUT', '/admin/object/save', {
      id,
      data: { size: 10 },
      task: 'publish',
    })
    expect(published.body.versionCount).toBe(3)
    expect((await row(id)).data).toEqual({ name: 'Frame', color: 'blue', size: 10 })
    expect((await call<ObjectDetail>('GET', `/admin/object/get?id=${id}`)).body.draft).toBeNull()

    // publish-version: back to the first published state.
    const back = await call<SaveObjectResult>('POST', '/admin/object/publish-version', {
      id: vs[0]!.id,
    })
    expect(back.status).toBe(200)
    expect(await row(id)).toMatchObject({
      data: { name: 'Frame', color: 'black' },
      published: true,
      versionCount: 4,
    })

    const diff = await call<VersionDiff>(
      'GET',
      `/admin/object/diff-versions/${vs[0]!.id}/${vs[1]!.id}`,
    )
    expect(diff.status).toBe(200)
    const byField = Object.fromEntries(diff.body.fields.map((f) => [f.field, f]))
    expect(byField.color).toMatchObject({ from: 'black', to: 'blue', changed: true })
    expect(byField.name).toMatchObject({ from: 'Frame', to: 'Frame', changed: false })
    expect(byField.size).toMatchObject({ changed: false })
    const preview = await call<VersionPreview>(
      'GET',
      `/admin/object/preview-version?id=${vs[1]!.id}`,
    )
    expect(preview.body).toMatchObject({ elementId: id, data: { color: 'blue' }, isPublic: false })
    expect(preview.body.layout.length).toBeGreaterThan(0)
    expect((await call('GET', '/admin/object/diff-versions/abc/1')).status).toBe(400)
  })

  it('publishes and unpublishes through update, validating the stored data first', async () => {
    const id = await insertObject(db, { parentId: brandA, key: 'flag', data: { color: 'red' } })
    const refused = await call<{ errors: { path: string }[] }>('PUT', '/admin/object/update', {
      id,
      published: true,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.map((e) => e.path)).toEqual(['name'])
    expect((await row(id)).published).toBe(false)
    await db
      .update(objects)
      .set({ data: { name: 'Named' } })
      .where(eq(objects.id, id))
    const published = await call<UpdatedElement>('PUT', '/admin/object/update', {
      id,
      published: true,
    })
    expect(published.body.published).toBe(true)
    expect((await versions(id)).map((v) => [v.isPublic, v.snapshot])).toEqual([
      [true, expect.objectContaining({ published: true, data: { name: 'Named' } })],
    ])
    const unpublished = await call<UpdatedElement>('PUT', '/admin/object/update', {
      id,
      published: false,
    })
    expect(unpublished.body.published).toBe(false)
    expect((await row(id)).published).toBe(false)
  })

  it('refuses to save, rename or delete while another user holds the lock', async () => {
    const id = await insertObject(db, { parentId: brandA, key: 'locked' })
    const otherId = await insertAdminUser(db, { username: 'locker', isAdmin: true })
    await db.insert(elementLocks).values({ elementType: 'object', elementId: id, userId: otherId })
    const res = await call('PUT', '/admin/object/save', { id, data: { color: 'x' } })
    expect(res.status).toBe(409)
    expect((await row(id)).data).toEqual({})
    expect((await call('PUT', '/admin/object/update', { id, key: 'moved' })).status).toBe(409)
    expect((await call('DELETE', `/admin/object/delete?id=${id}`)).status).toBe(409)
    expect((await row(id)).key).toBe('locked')
  })

  it('inherits empty variant fields from the nearest ancestor; own values win', async () => {
    const product = await insertObject(db, {
      parentId: brandA,
      key: 'frame',
      data: { name: 'Frame', color: 'black', size: 50, title: { en: 'Frame' } },
    })
    const red = await insertObject(db, {
      parentId: product,
      key: 'red',
      type: 'variant',
      index: 1,
      data: { color: 'red', size: null },
    })
    const plain = await insertObject(db, {
      parentId: product,
      key: 'plain',
      type: 'variant',
      index: 2,
    })
    const deep = await insertObject(db, {
      parentId: red,
      key: 'deep',
      type: 'variant',
      data: { name: '' },
    })

    const list = await call<VariantList>('GET', `/admin/variants/get-variants?objectId=${product}`)
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(2)
    const [first, second] = list.body.variants
    expect(first).toMatchObject({
      key: 'red',
      data: { color: 'red', size: null },
      resolved: { name: 'Frame', color: 'red', size: 50, title: { en: 'Frame' } },
    })
    expect(second!.resolved).toEqual({
      name: 'Frame',
      color: 'black',
      size: 50,
      title: { en: 'Frame' },
    })

    let statements = 0
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          statements++
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    })
    const resolved = await resolveObjectData(counting, [deep, plain, product])
    expect(statements).toBe(1)
    expect(resolved.get(deep)).toMatchObject({ name: 'Frame', color: 'red', size: 50 })

    const detail = await call<ObjectDetail>('GET', `/admin/object/get?id=${red}`)
    expect(detail.body).toMatchObject({
      type: 'variant',
      classId: 'Gadget',
      allowInherit: true,
      data: { color: 'red' },
      inherited: { name: 'Frame', size: 50, title: { en: 'Frame' } },
    })
    expect(detail.body.inherited).not.toHaveProperty('color')
    const parent = await call<ObjectDetail>('GET', `/admin/object/get?id=${product}`)
    expect(parent.body.variantCount).toBe(2)

    // Publishing a variant without its own name passes: the name is inherited.
    const published = await call('PUT', '/admin/object/save', {
      id: plain,
      data: {},
      task: 'publish',
    })
    expect(published.status).toBe(200)
  })

  it('renames a variant, keeping keys unique per parent', async () => {
    const product = await insertObject(db, { parentId: brandA, key: 'keyed' })
    const v1 = await insertObject(db, { parentId: product, key: 'one', type: 'variant' })
    await insertObject(db, { parentId: product, key: 'two', type: 'variant' })
    const renamed = await call<UpdatedElement>('PUT', '/admin/variants/update-key', {
      id: v1,
      key: 'uno',
    })
    expect(renamed.body).toMatchObject({ key: 'uno', fullPath: '/Products/A/keyed/uno' })
    expect((await call('PUT', '/admin/variants/update-key', { id: v1, key: 'two' })).status).toBe(
      409,
    )
    expect(
      (await call('PUT', '/admin/variants/update-key', { id: product, key: 'x' })).status,
    ).toBe(400)
  })

  it('offers a select field’s options and refuses other fields', async () => {
    const res = await call<{ options: { key: string }[] }>(
      'POST',
      '/admin/object/get-select-options',
      { classId: 'Gadget', fieldName: 'shape' },
    )
    expect(res.body.options.map((o) => o.key)).toEqual(['round', 'square'])
    const notSelect = await call('POST', '/admin/object/get-select-options', {
      classId: 'Gadget',
      fieldName: 'name',
    })
    expect(notSelect.status).toBe(404)
  })

  it('redirects the preview of a product to its storefront page', async () => {
    // The Product class is installed by migration 0004.
    const id = await insertObject(db, {
      parentId: brandA,
      key: 'shop-frame',
      classId: 'Product',
      data: { slug: { en: 'shop-frame' } },
    })
    const res = await call('GET', `/admin/object/preview?id=${id}&locale=en`)
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe(
      generateUrl('product', { locale: 'en', id, slug: 'shop-frame' }),
    )
    const gadget = await insertObject(db, { parentId: brandA, key: 'no-page' })
    expect((await call('GET', `/admin/object/preview?id=${gadget}`)).status).toBe(404)
  })

  it('lets a user with a workspace on /Products/A save there and nowhere else', async () => {
    const mine = await insertObject(db, { parentId: brandA, key: 'ws-mine' })
    const theirs = await insertObject(db, { parentId: brandB, key: 'ws-theirs' })
    const ok = await call('PUT', '/admin/object/save', { id: mine, data: { color: 'ok' } }, limited)
    expect(ok.status).toBe(200)
    const refused = await call(
      'PUT',
      '/admin/object/save',
      { id: theirs, data: { color: 'no' } },
      limited,
    )
    expect(refused.status).toBe(403)
    expect((await row(theirs)).data).toEqual({})
    expect((await call('GET', `/admin/object/get?id=${theirs}`, undefined, limited)).status).toBe(
      403,
    )
    const read = await call<ObjectDetail>('GET', `/admin/object/get?id=${mine}`, undefined, limited)
    expect(read.body.permissions).toMatchObject({ view: true, save: true, delete: false })
  })
})
