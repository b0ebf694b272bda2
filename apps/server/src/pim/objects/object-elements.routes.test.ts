import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import type {
  AddedElement,
  CopiedElement,
  CopyInfo,
  DeleteInfo,
  FolderDetail,
  UpdatedElement,
} from '@optika/domain/pim/object-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { elementDependencies, recycleBin } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../../test/inject-json.ts'
import {
  insertObject,
  insertRootAndClasses,
  signInWorkspaceUser,
} from '../../../test/kits/pim-objects-test-kit.ts'

describe('object elements', () => {
  let t: TestApp
  let admin: string
  let limited: string
  let products: number
  let brandA: number
  let brandB: number

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    await insertRootAndClasses(db)
    admin = await signInNewUser(db, { username: 'boss', isAdmin: true })
    const rights = ['list', 'view', 'save', 'create', 'rename', 'delete'] as const
    limited = (await signInWorkspaceUser(db, 'ed', '/Products/A/', rights)).cookie
    products = await insertObject(db, { parentId: 1, key: 'Products', type: 'folder' })
    brandA = await insertObject(db, { parentId: products, key: 'A', type: 'folder' })
    brandB = await insertObject(db, { parentId: products, key: 'B', type: 'folder' })
  })
  afterAll(async () => t.close())

  const call = <T>(method: Method, url: string, payload?: unknown, cookie = admin) =>
    injectJson<T>(t.app, method, url, cookie, payload)

  async function row(id: number) {
    const [r] = await t.database.db.select().from(objects).where(eq(objects.id, id))
    return r
  }

  it('adds objects and folders with trimmed keys, unique per parent', async () => {
    const folder = await call<AddedElement>('POST', '/admin/object/add-folder', {
      parentId: brandA,
      key: '  Sun  ',
    })
    expect(folder.status).toBe(200)
    expect(folder.body).toMatchObject({ key: 'Sun', fullPath: '/Products/A/Sun', type: 'folder' })
    const object = await call<AddedElement>('POST', '/admin/object/add', {
      parentId: folder.body.id,
      key: 'g-1',
      classId: 'Gadget',
    })
    expect(object.status).toBe(200)
    expect(await row(object.body.id)).toMatchObject({
      path: '/Products/A/Sun/',
      classId: 'Gadget',
      published: false,
      type: 'object',
    })
    const again = await call<{ message: string }>('POST', '/admin/object/add', {
      parentId: folder.body.id,
      key: 'g-1',
      classId: 'Gadget',
    })
    expect(again.status).toBe(409)
    // The same key under another parent is fine.
    const elsewhere = await call('POST', '/admin/object/add', {
      parentId: brandB,
      key: 'g-1',
      classId: 'Gadget',
    })
    expect(elsewhere.status).toBe(200)
  })

  it('refuses bad keys with 400: empty, with a slash, too long', async () => {
    for (const key of ['   ', 'a/b', 'x'.repeat(191)]) {
      const res = await call('POST', '/admin/object/add-folder', { parentId: brandA, key })
      expect(res.status, JSON.stringify(key)).toBe(400)
    }
    const id = await insertObject(t.database.db, { parentId: brandA, key: 'keep' })
    for (const key of ['', 'a/b', 'y'.repeat(191)]) {
      const res = await call('PUT', '/admin/object/update', { id, key })
      expect(res.status, JSON.stringify(key)).toBe(400)
    }
    expect((await row(id))?.key).toBe('keep')
  })

  it('adds variants only under objects of a class that allows them, with the parent’s class', async () => {
    const product = await insertObject(t.database.db, { parentId: brandA, key: 'p-var' })
    const variant = await call<AddedElement>('POST', '/admin/object/add', {
      parentId: product,
      key: 'red',
      type: 'variant',
    })
    expect(variant.status).toBe(200)
    expect(await row(variant.body.id)).toMatchObject({ type: 'variant', classId: 'Gadget' })
    const underFolder = await call('POST', '/admin/object/add', {
      parentId: brandA,
      key: 'loose',
      type: 'variant',
    })
    expect(underFolder.status).toBe(400)
  })

  it('renames an element and rewrites the paths of its whole subtree', async () => {
    const folder = await insertObject(t.database.db, {
      parentId: brandA,
      key: 'Old',
      type: 'folder',
    })
    const child = await insertObject(t.database.db, { parentId: folder, key: 'c' })
    const grandchild = await insertObject(t.database.db, {
      parentId: child,
      key: 'v',
      type: 'variant',
    })
    const res = await call<UpdatedElement>('PUT', '/admin/object/update', {
      id: folder,
      key: 'New',
    })
    expect(res.status).toBe(200)
    expect(res.body.fullPath).toBe('/Products/A/New')
    expect((await row(child))?.path).toBe('/Products/A/New/')
    expect((await row(grandchild))?.path).toBe('/Products/A/New/c/')
  })

  it('moves a subtree to another parent in one go and refuses a move into itself', async () => {
    const folder = await insertObject(t.database.db, {
      parentId: brandA,
      key: 'Mover',
      type: 'folder',
    })
    const inner = await insertObject(t.database.db, { parentId: folder, key: 'In', type: 'folder' })
    const leaf = await insertObject(t.database.db, { parentId: inner, key: 'leaf' })
    const intoItself = await call('PUT', '/admin/object/update', { id: folder, parentId: inner })
    expect(intoItself.status).toBe(400)
    const ontoItself = await call('PUT', '/admin/object/update', { id: folder, parentId: folder })
    expect(ontoItself.status).toBe(400)
    expect((await row(leaf))?.path).toBe('/Products/A/Mover/In/')

    const moved = await call<UpdatedElement>('PUT', '/admin/object/update', {
      id: folder,
      parentId: brandB,
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ parentId: brandB, fullPath: '/Products/B/Mover' })
    expect((await row(inner))?.path).toBe('/Products/B/Mover/')
    expect((await row(leaf))?.path).toBe('/Products/B/Mover/In/')
  })

  it('refuses a move or rename onto a key the new siblings use (409)', async () => {
    const x = await insertObject(t.database.db, { parentId: brandA, key: 'dup-x' })
    await insertObject(t.database.db, { parentId: brandB, key: 'dup-x' })
    await insertObject(t.database.db, { parentId: brandA, key: 'dup-y' })
    const move = await call('PUT', '/admin/object/update', { id: x, parentId: brandB })
    expect(move.status).toBe(409)
    const rename = await call('PUT', '/admin/object/update', { id: x, key: 'dup-y' })
    expect(rename.status).toBe(409)
    expect(await row(x)).toMatchObject({ parentId: brandA, key: 'dup-x' })
  })

  it('keeps a key with LIKE wildcards from touching other subtrees', async () => {
    const a = await insertObject(t.database.db, { parentId: brandA, key: 'a_b', type: 'folder' })
    const other = await insertObject(t.database.db, {
      parentId: brandA,
      key: 'axb',
      type: 'folder',
    })
    const otherChild = await insertObject(t.database.db, { parentId: other, key: 'kid' })
    await call('PUT', '/admin/object/update', { id: a, key: 'a_c' })
    expect((await row(otherChild))?.path).toBe('/Products/A/axb/')
  })

  it('reads and saves a folder', async () => {
    const folder = await insertObject(t.database.db, {
      parentId: brandA,
      key: 'Fold',
      type: 'folder',
    })
    await insertObject(t.database.db, { parentId: folder, key: 'one' })
    const read = await call<FolderDetail>('GET', `/admin/object/get-folder?id=${folder}`)
    expect(read.body).toMatchObject({ fullPath: '/Products/A/Fold', childrenCount: 1 })
    const saved = await call<UpdatedElement>('PUT', '/admin/object/save-folder', {
      id: folder,
      key: 'Folded',
    })
    expect(saved.body.fullPath).toBe('/Products/A/Folded')
  })

  it('copies a subtree and rewrites relations inside it to the copies', async () => {
    const db = t.database.db
    const src = await insertObject(db, { parentId: brandA, key: 'Kit', type: 'folder' })
    const one = await insertObject(db, { parentId: src, key: 'one', data: { name: 'One' } })
    const outside = await insertObject(db, { parentId: brandB, key: 'outside' })
    const two = await insertObject(db, {
      parentId: src,
      key: 'two',
      data: { name: 'Two', related: [one, outside] },
    })
    const info = await call<CopyInfo>(
      'GET',
      `/admin/object/copy-info?sourceId=${src}&targetId=${brandA}&type=recursive`,
    )
    expect(info.status).toBe(200)
    expect(info.body.steps.map((s) => s.sourceId)).toEqual([src, one, two])
    const idMap = new Map<number, number>()
    for (const step of info.body.steps) {
      const target = step.sourceParentId === null ? brandA : idMap.get(step.sourceParentId)!
      const copied = await call<CopiedElement>('POST', '/admin/object/copy', {
        sourceId: step.sourceId,
        targetId: target,
        type: 'child',
      })
      expect(copied.status).toBe(200)
      idMap.set(step.sourceId, copied.body.id)
    }
    expect((await row(idMap.get(src)!))?.key).toBe('Kit_copy')
    expect((await row(idMap.get(two)!))?.path).toBe('/Products/A/Kit_copy/')
    const rewrite = await call<{ rewritten: number }>('PUT', '/admin/object/copy-rewrite-ids', {
      idMap: [...idMap].map(([from, to]) => ({ from, to })),
    })
    expect(rewrite.status).toBe(200)
    expect(rewrite.body.rewritten).toBe(1)
    const copyOfTwo = await row(idMap.get(two)!)
    expect((copyOfTwo?.data as { related: number[] }).related).toEqual([idMap.get(one), outside])
    expect((await row(two))?.data).toMatchObject({ related: [one, outside] })
    const deps = await db
      .select({ targetId: elementDependencies.targetId })
      .from(elementDependencies)
      .where(eq(elementDependencies.sourceId, idMap.get(two)!))
    expect(deps.map((d) => d.targetId).sort()).toEqual([idMap.get(one), outside].sort())

    // A second copy of the same folder gets the next free key.
    const again = await call<CopiedElement>('POST', '/admin/object/copy', {
      sourceId: src,
      targetId: brandA,
      type: 'child',
    })
    expect(again.body.key).toBe('Kit_copy_2')
    const intoItself = await call(
      'GET',
      `/admin/object/copy-info?sourceId=${src}&targetId=${one}&type=recursive`,
    )
    expect(intoItself.status).toBe(400)
  })

  it('replaces a target’s data with the source’s, only within one class', async () => {
    const db = t.database.db
    const source = await insertObject(db, {
      parentId: brandA,
      key: 'rs',
      data: { name: 'Src', size: 7 },
    })
    const target = await insertObject(db, { parentId: brandB, key: 'rt', data: { name: 'Old' } })
    const folder = await insertObject(db, { parentId: brandB, key: 'rf', type: 'folder' })
    const res = await call<CopiedElement>('POST', '/admin/object/copy', {
      sourceId: source,
      targetId: target,
      type: 'replace',
    })
    expect(res.body).toMatchObject({ id: target, key: 'rt', fullPath: '/Products/B/rt' })
    expect(await row(target)).toMatchObject({
      key: 'rt',
      parentId: brandB,
      data: { name: 'Src', size: 7 },
    })
    const mismatch = await call('POST', '/admin/object/copy', {
      sourceId: source,
      targetId: folder,
      type: 'replace',
    })
    expect(mismatch.status).toBe(400)
    expect((await call('GET', `/admin/object/get-folder?id=${target}`)).status).toBe(400)
    expect((await call('GET', `/admin/object/get?id=${folder}`)).status).toBe(400)
  })

  it('tells what a delete removes and deletes a subtree into the recycle bin', async () => {
    const db = t.database.db
    const folder = await insertObject(db, { parentId: brandA, key: 'Doomed', type: 'folder' })
    const inside = await insertObject(db, { parentId: folder, key: 'x' })
    await insertObject(db, { parentId: inside, key: 'v', type: 'variant' })
    const user = await insertObject(db, { parentId: brandB, key: 'user' })
    await db
      .insert(elementDependencies)
      .values({ sourceType: 'object', sourceId: user, targetType: 'object', targetId: inside })
    const info = await call<DeleteInfo>('GET', `/admin/object/delete-info?id=${folder}`)
    expect(info.body).toMatchObject({ amount: 3, hasDependents: true, mayDelete: true })
    expect(info.body.requiredBy).toEqual([{ id: user, fullPath: '/Products/B/user' }])

    const res = await call<{ amount: number }>('DELETE', `/admin/object/delete?id=${folder}`)
    expect(res.status).toBe(200)
    expect(res.body.amount).toBe(3)
    const left = await db
      .select({ id: objects.id })
      .from(objects)
      .where(sql`${objects.path} like '/Products/A/Doomed/%' or ${objects.id} = ${folder}`)
    expect(left).toEqual([])
    const bin = await db.select().from(recycleBin).where(eq(recycleBin.elementId, folder))
    expect(bin).toHaveLength(1)
    expect((await call('DELETE', '/admin/object/delete?id=1')).status).toBe(400)
  })

  it('lets a user with a workspace on /Products/A act there only', async () => {
    const mine = await call<AddedElement>(
      'POST',
      '/admin/object/add',
      { parentId: brandA, key: 'mine', classId: 'Gadget' },
      limited,
    )
    expect(mine.status).toBe(200)
    const theirs = await call(
      'POST',
      '/admin/object/add',
      { parentId: brandB, key: 'theirs', classId: 'Gadget' },
      limited,
    )
    expect(theirs.status).toBe(403)
    const outOfReach = await insertObject(t.database.db, { parentId: brandB, key: 'far' })
    expect(
      (await call('PUT', '/admin/object/update', { id: outOfReach, key: 'near' }, limited)).status,
    ).toBe(403)
    expect(
      (await call('DELETE', `/admin/object/delete?id=${outOfReach}`, undefined, limited)).status,
    ).toBe(403)
    // Moving out of the workspace needs create on the target.
    expect(
      (await call('PUT', '/admin/object/update', { id: mine.body.id, parentId: brandB }, limited))
        .status,
    ).toBe(403)
    const stillThere = await t.database.db
      .select({ parentId: objects.parentId })
      .from(objects)
      .where(inArray(objects.id, [mine.body.id, outOfReach]))
    expect(stillThere.map((r) => r.parentId).sort()).toEqual([brandA, brandB].sort())
  })
})
