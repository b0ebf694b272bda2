import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { RecycleBinPage } from '@optika/domain/pim/element-api'
import { stockLevels } from '../platform/db/schema/commerce.ts'
import {
  elementLocks,
  elementNotes,
  elementProperties,
  tagAssignments,
  tags,
} from '../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../test/kits/admin-users-test-kit.ts'
import { insertObject, insertRootAndClasses } from '../../test/kits/pim-objects-test-kit.ts'
import { replaceDependencies, saveVersion } from './element-services.ts'

let t: TestApp
let admin: string
let adminId: number
let noBin: string

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await insertRootAndClasses(db)
  adminId = await insertAdminUser(db, { username: 'boss', isAdmin: true })
  admin = await signIn(db, adminId)
  noBin = await signInNewUser(db, { username: 'nb', permissions: ['objects'] })
})
afterAll(async () => t.close())

const call = <T>(method: Method, url: string, cookie: string, body?: unknown) =>
  injectJson<T>(t.app, method, url, cookie, body)

/** Every row the element services keep of these objects, as the database returns it. */
async function dump(ids: readonly number[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const db = t.database.db
  const read = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows
  return {
    objects: await read(sql`select * from objects where id in (${list}) order by id`),
    versions: await read(
      sql`select * from element_versions where element_id in (${list}) order by id`,
    ),
    properties: await read(
      sql`select * from element_properties where element_id in (${list}) order by element_id, name`,
    ),
    notes: await read(sql`select * from element_notes where element_id in (${list}) order by id`),
    // Ids as numbers: PostgreSQL returns bigint columns of raw queries as strings, PGlite as numbers.
    dependencies: await read(
      sql`select source_type, source_id::int, target_type, target_id::int from element_dependencies
          where source_id in (${list}) or target_id in (${list}) order by source_id, target_id`,
    ),
    tags: await read(
      sql`select * from tag_assignments where element_id in (${list}) order by element_id, tag_id`,
    ),
    locks: await read(sql`select * from element_locks where element_id in (${list})`),
    stock: await read(sql`select * from stock_levels where object_id in (${list})`),
  }
}

describe('recycle bin', () => {
  it('deletes a subtree into one entry and restores it whole, same ids and rows', async () => {
    const db = t.database.db
    const outside = await insertObject(db, { parentId: 1, key: 'Outside', type: 'folder' })
    const binFolder = await insertObject(db, { parentId: 1, key: 'Bin', type: 'folder' })
    const product = await insertObject(db, {
      parentId: binFolder,
      key: 'frame',
      data: { name: 'Frame', texts: { cs: 'Obruba' } },
    })
    const variant = await insertObject(db, {
      parentId: product,
      key: 'frame-red',
      type: 'variant',
      data: { color: 'red' },
    })
    const ids = [binFolder, product, variant]
    const element = { type: 'object' as const, id: product }
    await saveVersion(db, {
      element,
      snapshot: {
        key: 'frame',
        parentId: binFolder,
        path: '/Bin/',
        type: 'object',
        classId: 'Gadget',
        published: false,
        index: 0,
        data: { name: 'Frame' },
      },
      userId: adminId,
      isPublic: false,
      note: 'first',
    })
    await db.insert(elementProperties).values([
      {
        elementType: 'object',
        elementId: binFolder,
        name: 'brand',
        type: 'text',
        data: 'RB',
        inheritable: true,
      },
      { elementType: 'object', elementId: variant, name: 'flag', type: 'bool', data: true },
    ])
    await db
      .insert(elementNotes)
      .values({ elementType: 'object', elementId: product, title: 'note', data: [] })
    const [tag] = await db.insert(tags).values({ name: 'Sale' }).returning()
    await db
      .insert(tagAssignments)
      .values({ tagId: tag!.id, elementType: 'object', elementId: product })
    await db
      .insert(elementLocks)
      .values({ elementType: 'object', elementId: variant, userId: adminId })
    await db.insert(stockLevels).values({ objectId: variant, quantity: 7 })
    await replaceDependencies(db, { type: 'object', id: product }, [
      { type: 'object', id: outside },
    ])
    await replaceDependencies(db, { type: 'object', id: outside }, [
      { type: 'object', id: product },
    ])
    const before = await dump(ids)
    expect(before.versions).toHaveLength(1)

    const added = await call<{ binId: number; amount: number }>(
      'POST',
      '/admin/recyclebin/add',
      admin,
      { elementType: 'object', elementId: binFolder },
    )
    expect(added.status).toBe(200)
    expect(added.body.amount).toBe(3)
    const gone = await dump(ids)
    expect(gone.objects).toHaveLength(0)
    expect(gone.versions).toHaveLength(0)
    expect(gone.properties).toHaveLength(0)
    expect(gone.notes).toHaveLength(0)
    expect(gone.tags).toHaveLength(0)
    expect(gone.locks).toHaveLength(0)
    expect(gone.stock).toHaveLength(0)
    // Who referred into the subtree from outside still does, to the missing id.
    expect(gone.dependencies).toEqual([
      expect.objectContaining({ source_id: outside, target_id: product }),
    ])

    const list = await call<RecycleBinPage>('GET', '/admin/recyclebin/list?text=bin', admin)
    expect(list.body).toMatchObject({
      total: 1,
      items: [
        { id: added.body.binId, path: '/Bin', subtype: 'folder', amount: 3, deletedByName: 'boss' },
      ],
    })

    const restored = await call('POST', '/admin/recyclebin/restore', admin, {
      id: added.body.binId,
    })
    expect(restored.status).toBe(200)
    expect(await dump(ids)).toEqual(before)
    const empty = await call<RecycleBinPage>('POST', '/admin/recyclebin/list', admin, {})
    expect(empty.body.total).toBe(0)
  })

  it('refuses to restore when the key is taken or the parent is gone, and flushes entries', async () => {
    const db = t.database.db
    const parent = await insertObject(db, { parentId: 1, key: 'Parent', type: 'folder' })
    const child = await insertObject(db, { parentId: parent, key: 'child', data: {} })
    const first = await call<{ binId: number }>('POST', '/admin/recyclebin/add', admin, {
      elementType: 'object',
      elementId: child,
    })
    const impostor = await insertObject(db, { parentId: parent, key: 'child', data: {} })
    const taken = await call<{ code: string; message: string }>(
      'POST',
      '/admin/recyclebin/restore',
      admin,
      { id: first.body.binId },
    )
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe('RESTORE_KEY_TAKEN')
    expect(taken.body.message).toContain('/Parent/child')

    await call('POST', '/admin/recyclebin/add', admin, {
      elementType: 'object',
      elementId: impostor,
    })
    await call('POST', '/admin/recyclebin/add', admin, { elementType: 'object', elementId: parent })
    const orphan = await call<{ code: string }>('POST', '/admin/recyclebin/restore', admin, {
      id: first.body.binId,
    })
    expect(orphan.status).toBe(409)
    expect(orphan.body.code).toBe('RESTORE_PARENT_MISSING')

    const listed = await call<RecycleBinPage>('GET', '/admin/recyclebin/list?pageSize=2', admin)
    expect(listed.body.total).toBe(3)
    // Newest first: the parent was deleted last.
    expect(listed.body.items[0]?.path).toBe('/Parent')
    const one = await call<{ flushed: number }>(
      'DELETE',
      `/admin/recyclebin/flush?id=${first.body.binId}`,
      admin,
    )
    expect(one.body.flushed).toBe(1)
    const all = await call<{ flushed: number }>('DELETE', '/admin/recyclebin/flush', admin)
    expect(all.body.flushed).toBe(2)
  })

  it('restores below the parent’s new path when the parent was renamed meanwhile', async () => {
    const db = t.database.db
    const parent = await insertObject(db, { parentId: 1, key: 'Old', type: 'folder' })
    const child = await insertObject(db, { parentId: parent, key: 'box', type: 'folder' })
    const grandchild = await insertObject(db, { parentId: child, key: 'item', data: {} })
    const entry = await call<{ binId: number }>('POST', '/admin/recyclebin/add', admin, {
      elementType: 'object',
      elementId: child,
    })
    await db.execute(sql`update objects set key = 'New' where id = ${parent}`)
    const restored = await call('POST', '/admin/recyclebin/restore', admin, {
      id: entry.body.binId,
    })
    expect(restored.status).toBe(200)
    const { rows } = await db.execute<{ id: number; full: string }>(
      sql`select id, path || key as full from objects where id in (${child}, ${grandchild}) order by id`,
    )
    expect(rows.map((row) => row.full)).toEqual(['/New/box', '/New/box/item'])
  })

  it('needs the recycleBin key and refuses to delete the root', async () => {
    expect((await call('GET', '/admin/recyclebin/list', noBin)).status).toBe(403)
    const anonymous = await t.app.inject({ method: 'DELETE', url: '/admin/recyclebin/flush' })
    expect(anonymous.statusCode).toBe(401)
    const root = await call('POST', '/admin/recyclebin/add', admin, {
      elementType: 'object',
      elementId: 1,
    })
    expect(root.status).toBe(400)
  })
})
