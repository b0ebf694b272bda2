import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { OBJECT_ROUTES, VARIANT_ROUTES } from '@optika/domain/pim/pim-admin-routes'
import type { IdPathPagingInfo, ObjectTreeNode, TreeChildren } from '@optika/domain/pim/object-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser } from '../../../test/inject-json.ts'
import {
  insertObject,
  insertRootAndClasses,
  signInWorkspaceUser,
} from '../../../test/kits/pim-objects-test-kit.ts'

describe('object tree', () => {
  let t: TestApp
  let admin: string
  let limited: string
  let noKey: string
  let products: number
  let brandA: number
  let brandB: number
  let big: number

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    await insertRootAndClasses(db)
    admin = await signInNewUser(db, { username: 'boss', isAdmin: true })
    limited = (await signInWorkspaceUser(db, 'ed', '/Products/A/', ['list', 'view', 'save'])).cookie
    noKey = await signInNewUser(db, { username: 'nk', permissions: ['assets'] })

    products = await insertObject(db, { parentId: 1, key: 'Products', type: 'folder' })
    await insertObject(db, { parentId: 1, key: 'Categories', type: 'folder' })
    brandA = await insertObject(db, { parentId: products, key: 'A', type: 'folder', index: 2 })
    brandB = await insertObject(db, { parentId: products, key: 'B', type: 'folder', index: 1 })
    for (const [i, key] of ['delta', 'alpha', 'charlie', 'bravo', 'echo'].entries()) {
      await insertObject(db, { parentId: brandA, key, index: 10 - i, data: { name: key } })
    }
    await insertObject(db, { parentId: brandB, key: 'secret', data: { name: 'hidden' } })
    big = await insertObject(db, { parentId: 1, key: 'Big', type: 'folder' })
    // A big folder (its 100,000-children speed is measured by `npm run bench`, not by tests);
    // keys are zero-padded so key order is numeric order.
    await db.execute(sql`
      insert into objects (parent_id, key, path, type, class_id, index)
      select ${big}, 'item-' || lpad(n::text, 6, '0'), '/Big/', 'object', 'Gadget', n
      from generate_series(1, 2000) n`)
    await db.execute(sql`analyze objects`)
  })
  afterAll(async () => t.close())

  const get = <T>(url: string, cookie = admin) => injectJson<T>(t.app, 'GET', url, cookie)

  it('returns the root folder', async () => {
    const { status, body } = await get<ObjectTreeNode>('/admin/object/tree-get-root')
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: 1, fullPath: '/', type: 'folder', hasChildren: true })
  })

  it('pages children by key and reports the total and hasChildren', async () => {
    const first = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${brandA}&limit=2`,
    )
    expect(first.body.total).toBe(5)
    expect(first.body.nodes.map((n) => n.key)).toEqual(['alpha', 'bravo'])
    const second = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${brandA}&limit=2&start=2`,
    )
    expect(second.body.nodes.map((n) => n.key)).toEqual(['charlie', 'delta'])
    const viaOffset = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${brandA}&limit=2&offset=4`,
    )
    expect(viaOffset.body.nodes.map((n) => n.key)).toEqual(['echo'])
    const root = await get<TreeChildren>('/admin/object/tree-get-children-by-id?node=1')
    const productsNode = root.body.nodes.find((n) => n.key === 'Products')!
    expect(productsNode).toMatchObject({ fullPath: '/Products', hasChildren: true })
    expect(second.body.nodes[0]).toMatchObject({
      fullPath: '/Products/A/charlie',
      path: '/Products/A/',
      classId: 'Gadget',
      className: 'Gadget',
      hasChildren: false,
      type: 'object',
    })
  })

  it('leaves variants out on request', async () => {
    const product = await insertObject(t.database.db, { parentId: brandB, key: 'withv' })
    await insertObject(t.database.db, { parentId: product, key: 'sub', type: 'folder' })
    await insertObject(t.database.db, { parentId: product, key: 'v1', type: 'variant' })
    const all = await get<TreeChildren>(`/admin/object/tree-get-children-by-id?node=${product}`)
    expect(all.body.nodes.map((n) => [n.key, n.type])).toEqual([
      ['sub', 'folder'],
      ['v1', 'variant'],
    ])
    const noVariants = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${product}&withVariants=false`,
    )
    expect(noVariants.body.total).toBe(1)
    expect(noVariants.body.nodes.map((n) => n.key)).toEqual(['sub'])
  })

  it('filters children by a key substring', async () => {
    const { body } = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${brandA}&filter=HA`,
    )
    expect(body.total).toBe(2)
    expect(body.nodes.map((n) => n.key)).toEqual(['alpha', 'charlie'])
  })

  it('sorts by the parent’s childrenSortBy index and order', async () => {
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/admin/object/change-children-sort-by',
      headers: { cookie: admin },
      payload: { id: brandA, sortBy: 'index', sortOrder: 'desc' },
    })
    expect(changed.statusCode).toBe(200)
    const { body } = await get<TreeChildren>(`/admin/object/tree-get-children-by-id?node=${brandA}`)
    // index: delta 10, alpha 9, charlie 8, bravo 7, echo 6 → descending
    expect(body.nodes.map((n) => n.key)).toEqual(['delta', 'alpha', 'charlie', 'bravo', 'echo'])
    await t.app.inject({
      method: 'PUT',
      url: '/admin/object/change-children-sort-by',
      headers: { cookie: admin },
      payload: { id: brandA, sortBy: 'key', sortOrder: 'asc' },
    })
  })

  it('pages a big folder, deep pages included', async () => {
    const { body } = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${big}&limit=100`,
    )
    expect(body.total).toBe(2000)
    expect(body.nodes).toHaveLength(100)
    expect(body.nodes[0]!.key).toBe('item-000001')
    const deep = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${big}&limit=100&start=1950`,
    )
    expect(deep.body.nodes).toHaveLength(50)
    expect(deep.body.nodes[0]!.key).toBe('item-001951')
  })

  it('tells on which page each ancestor shows the element', async () => {
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from objects where key = 'item-000250'`,
    )
    const { status, body } = await get<IdPathPagingInfo>(
      `/admin/object/get-id-path-paging-info?id=${rows[0]!.id}&limit=100`,
    )
    expect(status).toBe(200)
    expect(body.steps).toHaveLength(2)
    expect(body.steps[0]).toMatchObject({ parentId: 1, id: big, offset: 0, page: 0 })
    expect(body.steps[1]).toMatchObject({ parentId: big, offset: 249, page: 2, total: 2000 })
  })

  it('shows a user with a workspace on /Products/A only the way there and its contents', async () => {
    const root = await get<TreeChildren>('/admin/object/tree-get-children-by-id?node=1', limited)
    expect(root.body.nodes.map((n) => n.key)).toEqual(['Products'])
    expect(root.body.total).toBe(1)
    const productsNode = root.body.nodes[0]!
    expect(productsNode.permissions).toMatchObject({ list: true, view: false, save: false })
    const brands = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${products}`,
      limited,
    )
    expect(brands.body.nodes.map((n) => n.key)).toEqual(['A'])
    const inside = await get<TreeChildren>(
      `/admin/object/tree-get-children-by-id?node=${brandA}`,
      limited,
    )
    expect(inside.body.total).toBe(5)
    expect(inside.body.nodes[0]!.permissions).toMatchObject({ list: true, view: true, save: true })
    const forbidden = await get(`/admin/object/tree-get-children-by-id?node=${brandB}`, limited)
    expect(forbidden.status).toBe(403)
    const hiddenBig = await get(`/admin/object/tree-get-children-by-id?node=${big}`, limited)
    expect(hiddenBig.status).toBe(403)
  })

  it('refuses every route without a session (401) and without the objects key (403)', async () => {
    const routes = [...OBJECT_ROUTES, ...VARIANT_ROUTES].filter(
      (r) => !r.path.endsWith('grid-proxy'),
    )
    for (const route of routes) {
      const url = route.path.replace(':from', '1').replace(':to', '2')
      const anonymous = await t.app.inject({ method: route.method, url })
      expect(anonymous.statusCode, `${route.method} ${url}`).toBe(401)
      const withoutKey = await t.app.inject({
        method: route.method,
        url,
        headers: { cookie: noKey },
      })
      expect(withoutKey.statusCode, `${route.method} ${url}`).toBe(403)
    }
  })
})
