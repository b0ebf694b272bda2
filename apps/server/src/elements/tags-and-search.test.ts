import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { BatchAssignmentJobs, SearchPage, TagNode } from '@optika/domain/pim/element-api'
import { tagAssignments, tags } from '../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../test/inject-json.ts'
import {
  insertObject,
  insertRootAndClasses,
  signInWorkspaceUser,
} from '../../test/kits/pim-objects-test-kit.ts'

let t: TestApp
let admin: string
let editor: string
let tagger: string
let folder: number
let hidden: number
const items: number[] = []

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await insertRootAndClasses(db)
  admin = await signInNewUser(db, { username: 'boss', isAdmin: true })
  editor = (await signInWorkspaceUser(db, 'ed', '/Frames', ['list', 'view', 'save'])).cookie
  tagger = await signInNewUser(db, { username: 'tg', permissions: ['tags'] })
  folder = await insertObject(db, { parentId: 1, key: 'Frames', type: 'folder' })
  for (const [index, key] of ['aviator', 'wayfarer', 'round'].entries()) {
    items.push(
      await insertObject(db, {
        parentId: folder,
        key,
        published: index !== 2,
        data: { name: `${key} frame`, color: index === 1 ? 'tortoise' : 'black' },
      }),
    )
  }
  items.push(
    await insertObject(db, {
      parentId: items[0]!,
      key: 'aviator-gold',
      type: 'variant',
      data: { color: 'gold' },
    }),
  )
  const secret = await insertObject(db, { parentId: 1, key: 'Secret', type: 'folder' })
  hidden = await insertObject(db, {
    parentId: secret,
    key: 'prototype',
    data: { name: 'tortoise prototype' },
  })
})
afterAll(async () => t.close())

const call = <T>(method: Method, url: string, cookie: string, body?: unknown) =>
  injectJson<T>(t.app, method, url, cookie, body)

describe('tags', () => {
  let brands: TagNode
  let rayBan: TagNode
  let sale: TagNode

  it('adds tags with names unique per parent and lists the tree lazily', async () => {
    brands = (await call<TagNode>('POST', '/admin/tags/add', tagger, { name: 'Brands' })).body
    const added = await call<TagNode>('POST', '/admin/tags/add', tagger, {
      name: 'Ray-Ban',
      parentId: brands.id,
    })
    expect(added.status).toBe(200)
    rayBan = added.body
    expect(rayBan).toMatchObject({
      path: '/Brands/Ray-Ban',
      parentId: brands.id,
      hasChildren: false,
    })
    sale = (await call<TagNode>('POST', '/admin/tags/add', tagger, { name: 'Sale' })).body
    const duplicate = await call<{ code: string }>('POST', '/admin/tags/add', tagger, {
      name: 'ray-ban',
      parentId: brands.id,
    })
    expect(duplicate.status).toBe(409)
    // The same name elsewhere is fine.
    expect(
      (await call('POST', '/admin/tags/add', tagger, { name: 'Ray-Ban', parentId: sale.id }))
        .status,
    ).toBe(200)

    const roots = await call<TagNode[]>('GET', '/admin/tags/tree-get-children-by-id', editor)
    expect(roots.body.map((tag) => [tag.name, tag.hasChildren])).toEqual([
      ['Brands', true],
      ['Sale', true],
    ])
    const children = await call<TagNode[]>(
      'GET',
      `/admin/tags/tree-get-children-by-id?node=${brands.id}`,
      editor,
    )
    expect(children.body.map((tag) => tag.name)).toEqual(['Ray-Ban'])
  })

  it('renames and moves a tag with its subtree, never below itself', async () => {
    const child = (
      await call<TagNode>('POST', '/admin/tags/add', tagger, {
        name: 'Aviators',
        parentId: rayBan.id,
      })
    ).body
    const moved = await call<TagNode>('PUT', '/admin/tags/update', tagger, {
      id: rayBan.id,
      name: 'RayBan',
      parentId: null,
    })
    expect(moved.status).toBe(200)
    expect(moved.body.path).toBe('/RayBan')
    const [childRow] = await t.database.db.select().from(tags).where(eq(tags.id, child.id))
    expect(childRow?.idPath).toBe(`/${rayBan.id}/`)
    const cycle = await call('PUT', '/admin/tags/update', tagger, {
      id: rayBan.id,
      parentId: child.id,
    })
    expect(cycle.status).toBe(409)
    const back = await call<TagNode>('PUT', '/admin/tags/update', tagger, {
      id: rayBan.id,
      parentId: brands.id,
    })
    expect(back.body.path).toBe('/Brands/RayBan')
    const [again] = await t.database.db.select().from(tags).where(eq(tags.id, child.id))
    expect(again?.idPath).toBe(`/${brands.id}/${rayBan.id}/`)
  })

  it('assigns tags to elements the user may save, and needs the tags key for CRUD', async () => {
    const assign = (cookie: string, elementId: number, tagId: number) =>
      call('PUT', '/admin/tags/add-tag-to-element', cookie, {
        elementType: 'object',
        elementId,
        tagId,
      })
    expect((await assign(editor, items[0]!, rayBan.id)).status).toBe(200)
    expect((await assign(editor, items[0]!, rayBan.id)).status).toBe(200)
    expect((await assign(editor, items[1]!, sale.id)).status).toBe(200)
    expect((await assign(editor, hidden, sale.id)).status).toBe(403)
    const loaded = await call<TagNode[]>(
      'GET',
      `/admin/tags/load-tags-for-element?elementType=object&elementId=${items[0]}`,
      editor,
    )
    expect(loaded.body.map((tag) => tag.path)).toEqual(['/Brands/RayBan'])
    expect((await call('POST', '/admin/tags/add', editor, { name: 'Nope' })).status).toBe(403)
    const removed = await call(
      'DELETE',
      `/admin/tags/remove-tag-from-element?elementType=object&elementId=${items[1]}&tagId=${sale.id}`,
      editor,
    )
    expect(removed.status).toBe(200)
  })

  it('chunks a folder’s subtree into batch jobs and assigns a tag to each chunk', async () => {
    const jobs = await call<BatchAssignmentJobs>(
      'GET',
      `/admin/tags/get-batch-assignment-jobs?elementType=object&elementId=${folder}&chunkSize=3`,
      editor,
    )
    expect(jobs.body.total).toBe(4)
    expect(jobs.body.jobs.map((job) => job.length)).toEqual([3, 1])
    expect(jobs.body.jobs.flat().sort()).toEqual([...items].sort())
    for (const job of jobs.body.jobs) {
      const done = await call<{ assigned: number }>(
        'PUT',
        '/admin/tags/do-batch-assignment',
        editor,
        {
          elementType: 'object',
          elementIds: job,
          tagIds: [sale.id],
          removeOther: true,
        },
      )
      expect(done.body.assigned).toBe(job.length)
    }
    const rows = await t.database.db.select().from(tagAssignments)
    expect(rows.filter((row) => row.tagId === sale.id)).toHaveLength(4)
    // removeOther dropped the RayBan tag of the aviator.
    expect(rows.filter((row) => row.tagId === rayBan.id)).toHaveLength(0)
    const refused = await call('PUT', '/admin/tags/do-batch-assignment', editor, {
      elementType: 'object',
      elementIds: [items[0], hidden],
      tagIds: [brands.id],
    })
    expect(refused.status).toBe(403)
    expect(
      (await t.database.db.select().from(tagAssignments).where(eq(tagAssignments.tagId, brands.id)))
        .length,
    ).toBe(0)
  })

  it('deletes a tag with its subtree and their assignments', async () => {
    await call('PUT', '/admin/tags/add-tag-to-element', admin, {
      elementType: 'object',
      elementId: items[2],
      tagId: rayBan.id,
    })
    const deleted = await call('DELETE', `/admin/tags/delete?id=${brands.id}`, tagger)
    expect(deleted.status).toBe(200)
    const left = await t.database.db.select().from(tags)
    expect(left.map((tag) => tag.name).sort()).toEqual(['Ray-Ban', 'Sale'])
    const assignments = await t.database.db.select().from(tagAssignments)
    expect(assignments.every((row) => row.tagId === sale.id)).toBe(true)
    expect((await call('DELETE', `/admin/tags/delete?id=${brands.id}`, tagger)).status).toBe(404)
  })
})

describe('search', () => {
  it('finds by text in key, path and data values, filtered by type and class', async () => {
    const byData = await call<SearchPage>('GET', '/admin/search/find?text=tortoise', admin)
    expect(byData.body.items.map((hit) => hit.path).sort()).toEqual([
      '/Frames/wayfarer',
      '/Secret/prototype',
    ])
    const byPath = await call<SearchPage>('GET', '/admin/search/find?text=frames/&sort=key', admin)
    expect(byPath.body.items.map((hit) => hit.key)).toEqual([
      'aviator',
      'aviator-gold',
      'round',
      'wayfarer',
    ])
    const variants = await call<SearchPage>('GET', '/admin/search/find?types=variant', admin)
    expect(variants.body.items.map((hit) => hit.key)).toEqual(['aviator-gold'])
    const folders = await call<SearchPage>('POST', '/admin/search/find', admin, {
      types: ['folder'],
      sort: 'path',
      order: 'desc',
    })
    expect(folders.body.items.map((hit) => hit.path)).toEqual(['/Secret', '/Frames'])
    const byClass = await call<SearchPage>('GET', '/admin/search/find?classIds=Nope', admin)
    expect(byClass.body.total).toBe(0)
    const paged = await call<SearchPage>(
      'GET',
      '/admin/search/find?types=object&sort=id&pageSize=2&page=2',
      admin,
    )
    expect(paged.body.total).toBe(4)
    expect(paged.body.items.map((hit) => hit.id)).toEqual([items[2], hidden])
  })

  it('filters by tags, optionally with their subtags', async () => {
    const db = t.database.db
    const [parent] = await db.insert(tags).values({ name: 'Shape' }).returning()
    const [child] = await db
      .insert(tags)
      .values({ name: 'Round', parentId: parent!.id, idPath: `/${parent!.id}/` })
      .returning()
    await db
      .insert(tagAssignments)
      .values({ tagId: child!.id, elementType: 'object', elementId: items[2]! })
    const direct = await call<SearchPage>('GET', `/admin/search/find?tagIds=${parent!.id}`, admin)
    expect(direct.body.total).toBe(0)
    const withSubtags = await call<SearchPage>(
      'GET',
      `/admin/search/find?tagIds=${parent!.id}&includeSubtags=true`,
      admin,
    )
    expect(withSubtags.body.items.map((hit) => hit.key)).toEqual(['round'])
  })

  it('shows only what the user may list and quick-searches the best ten', async () => {
    const limited = await call<SearchPage>('GET', '/admin/search/find?text=tortoise', editor)
    expect(limited.body.items.map((hit) => hit.path)).toEqual(['/Frames/wayfarer'])
    const quick = await call<{ items: { key: string }[] }>(
      'GET',
      '/admin/search/quicksearch?text=aviator',
      editor,
    )
    expect(quick.body.items.map((hit) => hit.key)).toEqual(['aviator', 'aviator-gold'])
    const nothing = await call<SearchPage>('GET', '/admin/search/find?text=frame', tagger)
    expect(nothing.body.total).toBe(0)
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin/search/quicksearch?text=a' })
    expect(anonymous.statusCode).toBe(401)
  })
})
