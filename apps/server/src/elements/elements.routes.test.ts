import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import type {
  Dependencies,
  ElementSummaryPage,
  LockResult,
  Note,
  NotePage,
  PropertyList,
  ReplaceAssignmentsResult,
  ScheduleList,
  VersionList,
} from '@optika/domain/pim/element-api'
import type { ClassDefinition } from '@optika/domain/pim/class-definition'
import { objectClasses, objects } from '../platform/db/schema/elements.ts'
import { elementDependencies, elementVersions } from '../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../test/kits/admin-users-test-kit.ts'
import {
  grantObjectWorkspace,
  insertObject,
  insertRootAndClasses,
} from '../../test/kits/pim-objects-test-kit.ts'
import { objectElementKind } from '../pim/objects/object-element-kind.ts'
import { runDueSchedules } from './element-schedules.ts'
import {
  assertNotLockedByOther,
  readLock,
  replaceDependencies,
  saveVersion,
  type ElementSnapshot,
} from './element-services.ts'

const ELEMENT_KINDS = { object: objectElementKind }

const BRAND_CLASS: ClassDefinition = {
  allowVariants: false,
  allowInherit: false,
  layout: [{ kind: 'field', type: 'input', name: 'name', title: 'Name' }],
}
const SHOP_CLASS: ClassDefinition = {
  allowVariants: false,
  allowInherit: false,
  layout: [
    { kind: 'field', type: 'input', name: 'name', title: 'Name' },
    { kind: 'field', type: 'manyToOneRelation', name: 'brand', title: 'Brand', classes: ['Brand'] },
  ],
}

let t: TestApp
let admin: string
let adminId: number
let editor: string
let editorId: number
let other: string
let otherId: number
let outsider: string
let noKey: string
let folder: number
let item: number

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await insertRootAndClasses(db)
  await db
    .insert(objectClasses)
    .values([
      { id: 'Brand', name: 'Brand', definition: BRAND_CLASS },
      { id: 'Shop', name: 'Shop', definition: SHOP_CLASS },
    ])
    // Replaces the shop classes of the same name that migration 0004 installs.
    .onConflictDoUpdate({
      target: objectClasses.id,
      set: { name: sql`excluded.name`, definition: sql`excluded.definition` },
    })
  adminId = await insertAdminUser(db, { username: 'boss', isAdmin: true })
  admin = await signIn(db, adminId)
  editorId = await insertAdminUser(db, { username: 'ed', permissions: ['objects'] })
  editor = await signIn(db, editorId)
  otherId = await insertAdminUser(db, { username: 'olga', permissions: ['objects'] })
  other = await signIn(db, otherId)
  const outsiderId = await insertAdminUser(db, { username: 'out', permissions: ['objects'] })
  outsider = await signIn(db, outsiderId)
  noKey = await signInNewUser(db, { username: 'nk', permissions: ['assets'] })
  for (const id of [editorId, otherId]) {
    await grantObjectWorkspace(db, id, '/Shop', [
      'list',
      'view',
      'save',
      'publish',
      'versions',
      'properties',
    ])
  }
  await grantObjectWorkspace(db, outsiderId, '/Elsewhere', ['list', 'view', 'save'])
  folder = await insertObject(db, { parentId: 1, key: 'Shop', type: 'folder' })
  item = await insertObject(db, { parentId: folder, key: 'item', data: { name: 'Item' } })
})
afterAll(async () => t.close())

const call = <T>(method: Method, url: string, cookie: string, body?: unknown) =>
  injectJson<T>(t.app, method, url, cookie, body)

const ref = (id: number) => ({ elementType: 'object', elementId: id })

describe('edit locks', () => {
  it('a live lock blocks another user’s lock and save; the holder renews it', async () => {
    const taken = await call<LockResult>('PUT', '/admin/element/lock', editor, ref(item))
    expect(taken.status).toBe(200)
    expect(taken.body).toMatchObject({ lock: { userId: editorId }, takenOver: false })

    const refused = await call<{ code: string; message: string }>(
      'POST',
      '/admin/element/lock',
      other,
      ref(item),
    )
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('LOCKED')
    expect(refused.body.message).toContain('ed')
    await expect(
      assertNotLockedByOther(t.database.db, { type: 'object', id: item }, otherId),
    ).rejects.toMatchObject({ statusCode: 409, key: 'pimElements.lockedByOther' })
    await assertNotLockedByOther(t.database.db, { type: 'object', id: item }, editorId)
    const save = await call<{ code: string }>('PUT', '/admin/object/save', other, {
      id: item,
      data: { name: 'Changed' },
      task: 'save',
    })
    expect(save.status).toBe(409)
    expect(save.body.code).toBe('LOCKED')

    const renewed = await call<LockResult>('PUT', '/admin/element/lock', editor, ref(item))
    expect(renewed.body.takenOver).toBe(false)
  })

  it('a lock older than an hour is expired and is taken over by another user', async () => {
    await t.database.db.execute(
      sql`update element_locks set locked_at = now() - interval '61 minutes' where element_id = ${item}`,
    )
    expect(await readLock(t.database.db, { type: 'object', id: item })).toBeNull()
    await assertNotLockedByOther(t.database.db, { type: 'object', id: item }, otherId)
    const taken = await call<LockResult>('PUT', '/admin/element/lock', other, ref(item))
    expect(taken.status).toBe(200)
    expect(taken.body).toMatchObject({ lock: { userId: otherId }, takenOver: true })
  })

  it('takes over a live lock only when asked to (force), with the save right', async () => {
    const refused = await call('PUT', '/admin/element/lock', editor, ref(item))
    expect(refused.status).toBe(409)
    const forced = await call<LockResult>('PUT', '/admin/element/lock', editor, {
      ...ref(item),
      force: true,
    })
    expect(forced.status).toBe(200)
    expect(forced.body).toMatchObject({ lock: { userId: editorId }, takenOver: true })
    // Back to the previous holder for the next test.
    const back = await call('PUT', '/admin/element/lock', other, { ...ref(item), force: true })
    expect(back.status).toBe(200)
  })

  it('only the holder or an administrator unlocks a live lock', async () => {
    const refused = await call('POST', '/admin/element/unlock', editor, ref(item))
    expect(refused.status).toBe(403)
    const byAdmin = await call('PUT', '/admin/element/unlock', admin, ref(item))
    expect(byAdmin.status).toBe(200)
    expect(await readLock(t.database.db, { type: 'object', id: item })).toBeNull()
  })
})

describe('notes', () => {
  it('adds a note with typed values and lists it filtered by element, type and text', async () => {
    const added = await call<Note>('POST', '/admin/element/note-add', editor, {
      ...ref(item),
      type: 'notice',
      title: 'Checked the frame',
      description: 'All good',
      data: [
        { name: 'checked', type: 'bool', data: true },
        { name: 'when', type: 'date', data: '2026-11-01' },
        { name: 'comment', type: 'text', data: 'fine' },
        { name: 'folder', type: 'object', data: folder },
      ],
    })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ elementPath: '/Shop/item', userName: 'ed', type: 'notice' })
    await call('POST', '/admin/element/note-add', editor, {
      ...ref(item),
      type: 'content',
      title: 'Another one',
    })

    const all = await call<NotePage>('POST', '/admin/element/note-list', editor, ref(item))
    expect(all.body.total).toBe(2)
    expect(all.body.items[0]?.title).toBe('Another one')
    const byType = await call<NotePage>('POST', '/admin/element/note-list', editor, {
      ...ref(item),
      type: 'notice',
    })
    expect(byType.body.items.map((note) => note.title)).toEqual(['Checked the frame'])
    expect(byType.body.items[0]?.data).toContainEqual({
      name: 'folder',
      type: 'object',
      data: folder,
    })
    const byText = await call<NotePage>('POST', '/admin/element/note-list', admin, {
      text: 'FRAME',
    })
    expect(byText.body.total).toBe(1)
    // A user without rights on the element sees none of its notes in the global list.
    const hidden = await call<NotePage>('POST', '/admin/element/note-list', outsider, {})
    expect(hidden.body.total).toBe(0)
  })

  it('refuses typed values of the wrong shape or naming a missing element, writing nothing', async () => {
    const wrongShape = await call('POST', '/admin/element/note-add', editor, {
      ...ref(item),
      title: 'Bad',
      data: [{ name: 'when', type: 'date', data: 'yesterday' }],
    })
    expect(wrongShape.status).toBe(400)
    const missing = await call<{ errors: { path: string }[] }>(
      'POST',
      '/admin/element/note-add',
      editor,
      { ...ref(item), title: 'Bad', data: [{ name: 'x', type: 'object', data: 999_999 }] },
    )
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0]?.path).toBe('data.0.data')
    const list = await call<NotePage>('POST', '/admin/element/note-list', editor, {
      ...ref(item),
      text: 'Bad',
    })
    expect(list.body.total).toBe(0)
  })
})

describe('properties', () => {
  it('inherits inheritable properties of the ancestors, nearest first, own ones overriding', async () => {
    const shelf = await insertObject(t.database.db, {
      parentId: folder,
      key: 'shelf',
      type: 'folder',
    })
    const box = await insertObject(t.database.db, { parentId: shelf, key: 'box', data: {} })
    const put = (id: number, properties: unknown[]) =>
      call<PropertyList>('PUT', '/admin/element/properties', editor, {
        ...ref(id),
        properties,
      })
    expect(
      (
        await put(folder, [
          { name: 'brand', type: 'text', data: 'Ray-Ban', inheritable: true },
          { name: 'private', type: 'text', data: 'folder only', inheritable: false },
          { name: 'color', type: 'select', data: 'red', inheritable: true },
        ])
      ).status,
    ).toBe(200)
    await put(shelf, [
      { name: 'color', type: 'select', data: 'blue', inheritable: true },
      { name: 'featured', type: 'bool', data: true, inheritable: true },
    ])
    const own = await put(box, [
      { name: 'featured', type: 'bool', data: false, inheritable: false },
    ])
    expect(own.status).toBe(200)

    const list = await call<PropertyList>(
      'GET',
      `/admin/element/properties?elementType=object&elementId=${box}`,
      editor,
    )
    const byName = Object.fromEntries(list.body.items.map((p) => [p.name, p]))
    expect(Object.keys(byName).sort()).toEqual(['brand', 'color', 'featured'])
    expect(byName.featured).toMatchObject({
      data: false,
      inherited: false,
      sourcePath: '/Shop/shelf/box',
    })
    expect(byName.color).toMatchObject({ data: 'blue', inherited: true, sourcePath: '/Shop/shelf' })
    expect(byName.brand).toMatchObject({ data: 'Ray-Ban', inherited: true, sourcePath: '/Shop' })
  })

  it('refuses duplicate names and missing targets, and needs the properties right', async () => {
    const duplicate = await call('PUT', '/admin/element/properties', editor, {
      ...ref(item),
      properties: [
        { name: 'a', type: 'text', data: 'x' },
        { name: 'a', type: 'text', data: 'y' },
      ],
    })
    expect(duplicate.status).toBe(400)
    const missing = await call('PUT', '/admin/element/properties', editor, {
      ...ref(item),
      properties: [{ name: 'link', type: 'object', data: 987_654 }],
    })
    expect(missing.status).toBe(400)
    const linked = await call<PropertyList>('PUT', '/admin/element/properties', editor, {
      ...ref(item),
      properties: [{ name: 'link', type: 'object', data: folder }],
    })
    expect(linked.body.items.find((p) => p.name === 'link')?.targetPath).toBe('/Shop')
    const forbidden = await call('PUT', '/admin/element/properties', outsider, {
      ...ref(item),
      properties: [],
    })
    expect(forbidden.status).toBe(403)
  })
})

describe('dependencies, usages and replacing assignments', () => {
  let brandX: number
  let brandY: number
  let notBrand: number
  let shopA: number
  let shopB: number

  beforeAll(async () => {
    const db = t.database.db
    brandX = await insertObject(db, {
      parentId: folder,
      key: 'x',
      classId: 'Brand',
      data: { name: 'X' },
    })
    brandY = await insertObject(db, {
      parentId: folder,
      key: 'y',
      classId: 'Brand',
      data: { name: 'Y' },
    })
    notBrand = await insertObject(db, { parentId: folder, key: 'z', classId: 'Shop', data: {} })
    shopA = await insertObject(db, {
      parentId: folder,
      key: 'a',
      classId: 'Shop',
      data: { brand: brandX },
    })
    shopB = await insertObject(db, {
      parentId: folder,
      key: 'b',
      classId: 'Shop',
      data: { brand: brandX },
    })
    for (const id of [shopA, shopB]) {
      await replaceDependencies(db, { type: 'object', id }, [{ type: 'object', id: brandX }])
    }
  })

  it('lists what an element requires and what requires it, and its usages', async () => {
    const deps = await call<Dependencies>(
      'GET',
      `/admin/element/dependencies?elementType=object&elementId=${brandX}`,
      editor,
    )
    expect(deps.status).toBe(200)
    expect(deps.body.requires.total).toBe(0)
    expect(deps.body.requiredBy.items.map((i) => i.path)).toEqual(['/Shop/a', '/Shop/b'])
    expect(deps.body.requiredBy.items[0]).toMatchObject({ subtype: 'object', classId: 'Shop' })
    const fromShop = await call<Dependencies>(
      'GET',
      `/admin/element/dependencies?elementType=object&elementId=${shopA}`,
      editor,
    )
    expect(fromShop.body.requires.items.map((i) => i.elementId)).toEqual([brandX])
    const usages = await call<ElementSummaryPage>(
      'GET',
      `/admin/element/find-usages?elementType=object&elementId=${brandX}&pageSize=1&page=2`,
      editor,
    )
    expect(usages.body).toMatchObject({ total: 2, items: [{ path: '/Shop/b' }] })
  })

  it('refuses per element when the field does not allow the replacement and changes nothing', async () => {
    const result = await call<ReplaceAssignmentsResult>(
      'POST',
      '/admin/element/replace-assignments',
      editor,
      { from: ref(brandX), to: ref(notBrand) },
    )
    expect(result.status).toBe(200)
    expect(result.body.replaced).toBe(0)
    expect(result.body.results).toHaveLength(2)
    expect(result.body.results.every((r) => !r.replaced && r.message)).toBe(true)
    const [row] = await t.database.db.select().from(objects).where(eq(objects.id, shopA))
    expect(row?.data).toEqual({ brand: brandX })
  })

  it('replaces the references in the given sources, their dependencies and versions', async () => {
    const result = await call<ReplaceAssignmentsResult>(
      'POST',
      '/admin/element/replace-assignments',
      editor,
      { from: ref(brandX), to: ref(brandY), sources: [ref(shopA)] },
    )
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({
      replaced: 1,
      results: [{ elementId: shopA, replaced: true }],
    })
    const db = t.database.db
    const [row] = await db.select().from(objects).where(eq(objects.id, shopA))
    expect(row?.data).toEqual({ brand: brandY })
    const deps = await db
      .select({ targetId: elementDependencies.targetId })
      .from(elementDependencies)
      .where(eq(elementDependencies.sourceId, shopA))
    expect(deps.map((d) => d.targetId)).toEqual([brandY])
    const versions = await db
      .select()
      .from(elementVersions)
      .where(and(eq(elementVersions.elementType, 'object'), eq(elementVersions.elementId, shopA)))
    expect(versions).toHaveLength(1)
    expect(row?.versionCount).toBe(1)
    // shopB was not among the sources: still on X.
    const [untouched] = await db.select().from(objects).where(eq(objects.id, shopB))
    expect(untouched?.data).toEqual({ brand: brandX })
  })
})

describe('versions', () => {
  let product: number
  const snapshot = (data: Record<string, unknown>, published: boolean): ElementSnapshot => ({
    key: 'versioned',
    parentId: folder,
    path: '/Shop/',
    type: 'object',
    classId: 'Brand',
    published,
    index: 0,
    data,
  })

  beforeAll(async () => {
    const db = t.database.db
    product = await insertObject(db, {
      parentId: folder,
      key: 'versioned',
      classId: 'Brand',
      published: true,
      data: { name: 'two' },
    })
    const element = { type: 'object' as const, id: product }
    await saveVersion(db, {
      element,
      snapshot: snapshot({ name: 'one' }, true),
      userId: editorId,
      isPublic: true,
    })
    await saveVersion(db, {
      element,
      snapshot: snapshot({ name: 'two' }, true),
      userId: editorId,
      isPublic: true,
      note: 'second',
    })
    await saveVersion(db, {
      element,
      snapshot: snapshot({ name: 'draft' }, true),
      userId: otherId,
      isPublic: false,
    })
  })

  it('lists versions newest first with their users and marks the published one', async () => {
    const list = await call<VersionList>(
      'GET',
      `/admin/element/versions?elementType=object&elementId=${product}`,
      editor,
    )
    expect(list.status).toBe(200)
    expect(list.body.items.map((v) => [v.versionCount, v.isPublic, v.current, v.userName])).toEqual(
      [
        [3, false, false, 'olga'],
        [2, true, true, 'ed'],
        [1, true, false, 'ed'],
      ],
    )
    const [row] = await t.database.db.select().from(objects).where(eq(objects.id, product))
    expect(row?.versionCount).toBe(3)
  })

  it('deletes an old version but never the published one, and never reuses a count', async () => {
    const list = await call<VersionList>(
      'GET',
      `/admin/element/versions?elementType=object&elementId=${product}`,
      editor,
    )
    const [draft, current, first] = list.body.items
    const refused = await call('DELETE', `/admin/element/versions?id=${current!.id}`, editor)
    expect(refused.status).toBe(409)
    expect((await call('DELETE', `/admin/element/versions?id=${first!.id}`, editor)).status).toBe(
      200,
    )
    expect((await call('DELETE', `/admin/element/versions?id=${draft!.id}`, editor)).status).toBe(
      200,
    )
    const next = await saveVersion(t.database.db, {
      element: { type: 'object', id: product },
      snapshot: snapshot({ name: 'again' }, true),
      userId: editorId,
      isPublic: false,
    })
    expect(next.versionCount).toBe(4)
  })
})

describe('schedules', () => {
  it('saves tasks and runs the due ones: publish, unpublish, publish-version, delete', async () => {
    const db = t.database.db
    const target = await insertObject(db, {
      parentId: folder,
      key: 'timed',
      classId: 'Brand',
      data: { name: 'Timed' },
    })
    const element = { type: 'object' as const, id: target }
    const old = await saveVersion(db, {
      element,
      snapshot: {
        key: 'timed',
        parentId: folder,
        path: '/Shop/',
        type: 'object',
        classId: 'Brand',
        published: false,
        index: 0,
        data: { name: 'From the version' },
      },
      userId: editorId,
      isPublic: false,
    })
    const past = new Date(Date.now() - 60_000).toISOString()
    const future = new Date(Date.now() + 3_600_000).toISOString()
    const saved = await call<ScheduleList>('PUT', '/admin/element/schedule', editor, {
      ...ref(target),
      tasks: [
        { action: 'publish', date: past },
        { action: 'unpublish', date: future },
      ],
    })
    expect(saved.status).toBe(200)
    expect(saved.body.items.map((task) => task.action)).toEqual(['publish', 'unpublish'])
    const badVersion = await call('PUT', '/admin/element/schedule', editor, {
      ...ref(target),
      tasks: [{ action: 'publish-version', date: past, versionId: null }],
    })
    expect(badVersion.status).toBe(400)

    expect(await runDueSchedules(db, ELEMENT_KINDS)).toEqual({ ran: 1, failed: 0 })
    let [row] = await db.select().from(objects).where(eq(objects.id, target))
    expect(row?.published).toBe(true)
    const after = await call<ScheduleList>(
      'GET',
      `/admin/element/schedule?elementType=object&elementId=${target}`,
      editor,
    )
    expect(after.body.items.find((task) => task.action === 'publish')?.doneAt).not.toBeNull()
    expect(after.body.items.find((task) => task.action === 'unpublish')?.doneAt).toBeNull()

    // The unpublish is due an hour later.
    expect(await runDueSchedules(db, ELEMENT_KINDS, new Date(Date.now() + 2 * 3_600_000))).toEqual({
      ran: 1,
      failed: 0,
    })
    ;[row] = await db.select().from(objects).where(eq(objects.id, target))
    expect(row?.published).toBe(false)

    await call('PUT', '/admin/element/schedule', editor, {
      ...ref(target),
      tasks: [{ action: 'publish-version', date: past, versionId: old.id }],
    })
    const versions = await call<VersionList>(
      'GET',
      `/admin/element/versions?elementType=object&elementId=${target}`,
      editor,
    )
    expect(versions.body.items.find((v) => v.id === old.id)?.scheduled).not.toBeNull()
    await runDueSchedules(db, ELEMENT_KINDS)
    ;[row] = await db.select().from(objects).where(eq(objects.id, target))
    expect(row).toMatchObject({ published: true, data: { name: 'From the version' } })

    await call('PUT', '/admin/element/schedule', editor, {
      ...ref(target),
      tasks: [{ action: 'delete', date: past }],
    })
    await runDueSchedules(db, ELEMENT_KINDS)
    expect(await db.select().from(objects).where(eq(objects.id, target))).toHaveLength(0)
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from recycle_bin where element_id = ${target}`,
    )
    expect(rows[0]?.n).toBe(1)
  })
})

describe('failing schedules', () => {
  it('marks a task that fails done and leaves a scheduler note on the element', async () => {
    const db = t.database.db
    // A Gadget needs a name to be published.
    const incomplete = await insertObject(db, { parentId: folder, key: 'incomplete', data: {} })
    await call('PUT', '/admin/element/schedule', editor, {
      ...ref(incomplete),
      tasks: [{ action: 'publish', date: new Date(Date.now() - 1000).toISOString() }],
    })
    expect(await runDueSchedules(db, ELEMENT_KINDS)).toEqual({ ran: 0, failed: 1 })
    expect(await runDueSchedules(db, ELEMENT_KINDS)).toEqual({ ran: 0, failed: 0 })
    const [row] = await db.select().from(objects).where(eq(objects.id, incomplete))
    expect(row?.published).toBe(false)
    const notes = await call<NotePage>('POST', '/admin/element/note-list', editor, {
      ...ref(incomplete),
      type: 'scheduler',
    })
    expect(notes.body.total).toBe(1)
  })
})

describe('access', () => {
  it('documents the element, tag, recycle-bin and search calls in the OpenAPI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths)
    for (const path of [
      '/admin/element/lock',
      '/admin/element/replace-assignments',
      '/admin/tags/do-batch-assignment',
      '/admin/recyclebin/restore',
      '/admin/search/find',
    ]) {
      expect(paths).toContain(path)
    }
  })

  it('answers 401 without a session and 403 without the key or the workspace right', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/admin/element/versions?elementType=object&elementId=${item}`,
    })
    expect(anonymous.statusCode).toBe(401)
    const withoutKey = await call(
      'GET',
      `/admin/element/versions?elementType=object&elementId=${item}`,
      noKey,
    )
    expect(withoutKey.status).toBe(403)
    const outsideWorkspace = await call(
      'GET',
      `/admin/element/dependencies?elementType=object&elementId=${item}`,
      outsider,
    )
    expect(outsideWorkspace.status).toBe(403)
    const lock = await call('PUT', '/admin/element/lock', outsider, ref(item))
    expect(lock.status).toBe(403)
    const missing = await call(
      'GET',
      '/admin/element/versions?elementType=object&elementId=424242',
      admin,
    )
    expect(missing.status).toBe(404)
  })
})

describe('the same calls at Pimcore 11’s names', () => {
  let first: number
  let second: number
  let target: number
  let user: number

  beforeAll(async () => {
    const db = t.database.db
    first = await insertObject(db, { parentId: folder, key: 'p11-a', data: { name: 'A' } })
    second = await insertObject(db, { parentId: folder, key: 'p11-b', data: { name: 'B' } })
    target = await insertObject(db, { parentId: folder, key: 'p11-brand', classId: 'Brand' })
    user = await insertObject(db, {
      parentId: folder,
      key: 'p11-user',
      classId: 'Shop',
      data: { brand: target },
    })
    await replaceDependencies(db, { type: 'object', id: user }, [{ type: 'object', id: target }])
  })

  it('lock-element and unlock-element take and free the lock that lock and unlock do', async () => {
    expect((await call('PUT', '/admin/element/lock-element', editor, ref(first))).status).toBe(200)
    expect(await readLock(t.database.db, { type: 'object', id: first })).toMatchObject({
      userId: editorId,
    })
    expect((await call('PUT', '/admin/element/lock', other, ref(first))).status).toBe(409)
    expect((await call('PUT', '/admin/element/unlock-element', editor, ref(first))).status).toBe(
      200,
    )
    expect(await readLock(t.database.db, { type: 'object', id: first })).toBeNull()
  })

  it('unlock-elements frees every lock, or none when one of them is refused', async () => {
    await call('PUT', '/admin/element/lock', editor, ref(first))
    await call('PUT', '/admin/element/lock', other, ref(second))
    const refused = await call('POST', '/admin/element/unlock-elements', editor, {
      elements: [ref(first), ref(second)],
    })
    expect(refused.status).toBe(403)
    expect(await readLock(t.database.db, { type: 'object', id: first })).not.toBeNull()
    const done = await call('POST', '/admin/element/unlock-elements', admin, {
      elements: [ref(first), ref(second)],
    })
    expect(done.status).toBe(200)
    expect(await readLock(t.database.db, { type: 'object', id: first })).toBeNull()
    expect(await readLock(t.database.db, { type: 'object', id: second })).toBeNull()
    const empty = await call('POST', '/admin/element/unlock-elements', admin, { elements: [] })
    expect(empty.status).toBe(400)
  })

  it('get-requires-dependencies and get-required-by-dependencies page each direction', async () => {
    const requires = await call<ElementSummaryPage>(
      'GET',
      `/admin/element/get-requires-dependencies?elementType=object&elementId=${user}`,
      editor,
    )
    expect(requires.body).toMatchObject({ total: 1, items: [{ elementId: target }] })
    const requiredBy = await call<ElementSummaryPage>(
      'GET',
      `/admin/element/get-required-by-dependencies?elementType=object&elementId=${target}`,
      editor,
    )
    expect(requiredBy.body).toMatchObject({ total: 1, items: [{ elementId: user }] })
  })

  it('get-versions, delete-version and delete-all-versions keep the newest and the published version', async () => {
    const db = t.database.db
    const element = { type: 'object' as const, id: second }
    const snapshot = (name: string): ElementSnapshot => ({
      key: 'p11-b',
      parentId: folder,
      path: '/Shop/',
      type: 'object',
      classId: null,
      published: true,
      index: 0,
      data: { name },
    })
    await db.update(objects).set({ published: true }).where(eq(objects.id, second))
    for (const [name, isPublic] of [
      ['v1', true],
      ['v2', true],
      ['v3', false],
      ['v4', false],
    ] as const) {
      await saveVersion(db, { element, snapshot: snapshot(name), userId: editorId, isPublic })
    }
    const url = `/admin/element/get-versions?elementType=object&elementId=${second}`
    const listed = await call<VersionList>('GET', url, editor)
    expect(listed.body.items.map((v) => v.versionCount)).toEqual([4, 3, 2, 1])
    const oldest = listed.body.items[3]!
    expect(
      (await call('DELETE', `/admin/element/delete-version?id=${oldest.id}`, editor)).status,
    ).toBe(200)
    const all = await call<{ deleted: number }>(
      'DELETE',
      `/admin/element/delete-all-versions?elementType=object&elementId=${second}`,
      editor,
    )
    expect(all).toMatchObject({ status: 200, body: { deleted: 1 } })
    const left = await call<VersionList>('GET', url, editor)
    // v4 is the newest (the editor's state), v2 the published one; v3 went, v1 went before.
    expect(left.body.items.map((v) => [v.versionCount, v.current])).toEqual([
      [4, false],
      [2, true],
    ])
  })
})
