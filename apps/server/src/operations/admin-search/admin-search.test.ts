import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminSearchPage,
  QuickSearchAnswer,
  SearchPreview,
} from '@optika/domain/operations/admin-search'
import { assets } from '../../platform/db/schema/elements.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { ensureAssetRoot } from '../../dam/assets/read-asset-tree.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../../test/inject-json.ts'
import {
  insertObject,
  insertRootAndClasses,
  signInWorkspaceUser,
} from '../../../test/kits/pim-objects-test-kit.ts'

/** The seed's four search calls (ADMIN-CALLS.md, "search"), copied here so CI checks them. */
const SEARCH_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/bundle/search/search/find'],
  ['POST', '/admin/bundle/search/search/find'],
  ['GET', '/admin/bundle/search/search/quicksearch'],
  ['GET', '/admin/bundle/search/search/quicksearch-get-by-id'],
]

let t: TestApp
let admin: string
let frameEditor: string
let mailOnly: string
let hidden: number
let aviator: number
let imageId: number
let pageId: number

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await insertRootAndClasses(db)
  admin = await signInNewUser(db, { username: 'search-boss', isAdmin: true })
  frameEditor = (await signInWorkspaceUser(db, 'search-ed', '/Quasar', ['list', 'view'])).cookie
  mailOnly = await signInNewUser(db, { username: 'search-mail', permissions: ['emails'] })
  const folder = await insertObject(db, { parentId: 1, key: 'Quasar', type: 'folder' })
  aviator = await insertObject(db, {
    parentId: folder,
    key: 'quasar-aviator',
    published: true,
    data: { name: 'Nebula gold frame' },
  })
  const secret = await insertObject(db, { parentId: 1, key: 'Hidden', type: 'folder' })
  hidden = await insertObject(db, { parentId: secret, key: 'quasar-prototype' })
  const root = await ensureAssetRoot(db)
  const [image] = await db
    .insert(assets)
    .values({
      parentId: root.id,
      type: 'image',
      key: 'quasar-banner.jpg',
      path: '/',
      mimeType: 'image/jpeg',
      width: 1200,
      height: 600,
      metadata: [{ name: 'title', language: 'en', type: 'input', data: 'Nebula campaign' }],
    })
    .returning()
  imageId = image!.id
  const [page] = await db
    .insert(documents)
    .values({
      parentId: 1,
      type: 'page',
      key: 'quasar-lenses',
      path: '/',
      published: true,
      settings: { title: 'Nebula lenses for night driving', description: 'Anti-glare' },
    })
    .returning()
  pageId = page!.id
})
afterAll(() => t.close())

const call = <T>(method: Method, url: string, cookie: string | null, body?: unknown) =>
  injectJson<T>(t.app, method, url, cookie, body)

describe('the seed’s back-office search calls', () => {
  it.each(SEARCH_CALLS)(
    '%s %s is registered, 401 anonymous, 403 without a tree',
    async (method, path) => {
      expect(t.app.hasRoute({ method, url: path })).toBe(true)
      expect((await call(method, path, null)).status).toBe(401)
      expect((await call(method, path, mailOnly)).status).toBe(403)
    },
  )

  it.each(SEARCH_CALLS)(
    '%s %s answers an empty or garbage request without a 500',
    async (method, path) => {
      expect((await call(method, path, admin)).status).toBeLessThan(500)
      const garbage = await call(
        method,
        `${path}?id=abc&type=planet&sort=%00&start=-1`,
        admin,
        method === 'POST' ? { type: 'planet', limit: 'lots' } : undefined,
      )
      expect(garbage.status).toBe(400)
    },
  )
})

describe('finding elements', () => {
  it('finds objects, assets and documents by a word in their data, metadata and settings', async () => {
    const found = await call<AdminSearchPage>(
      'GET',
      '/admin/bundle/search/search/find?query=nebula',
      admin,
    )
    expect(found.status).toBe(200)
    expect(found.body.data.map((hit) => `${hit.elementType}:${hit.id}`).sort()).toEqual(
      [`asset:${imageId}`, `document:${pageId}`, `object:${aviator}`].sort(),
    )
  })

  it('finds by id and by path, filters by type, subtype and class, and pages', async () => {
    const byId = await call<AdminSearchPage>(
      'GET',
      `/admin/bundle/search/search/find?query=${aviator}&type=object`,
      admin,
    )
    expect(byId.body.data[0]).toMatchObject({ elementType: 'object', id: aviator })
    const byPath = await call<AdminSearchPage>('POST', '/admin/bundle/search/search/find', admin, {
      query: '/Quasar',
      type: ['object'],
    })
    expect(byPath.body.data.map((hit) => hit.path).sort()).toEqual([
      '/Quasar',
      '/Quasar/quasar-aviator',
    ])
    const images = await call<AdminSearchPage>(
      'GET',
      '/admin/bundle/search/search/find?query=quasar&type=asset&subtype=image',
      admin,
    )
    expect(images.body.data.map((hit) => hit.id)).toEqual([imageId])
    const gadgets = await call<AdminSearchPage>(
      'GET',
      '/admin/bundle/search/search/find?query=quasar&class=Gadget',
      admin,
    )
    expect(gadgets.body.data.every((hit) => hit.elementType === 'object')).toBe(true)
    const paged = await call<AdminSearchPage>(
      'GET',
      '/admin/bundle/search/search/find?query=quasar&sort=path&limit=2&start=0',
      admin,
    )
    expect(paged.body.data).toHaveLength(2)
    expect(paged.body.total).toBeGreaterThanOrEqual(5)
  })

  it('shows only what the caller may list: its trees and its workspaces', async () => {
    const found = await call<AdminSearchPage>(
      'GET',
      '/admin/bundle/search/search/find?query=quasar',
      frameEditor,
    )
    const ids = found.body.data.map((hit) => `${hit.elementType}:${hit.id}`)
    expect(ids).toContain(`object:${aviator}`)
    expect(ids).not.toContain(`object:${hidden}`)
    // The editor holds `objects` only: no assets, no documents.
    expect(found.body.data.every((hit) => hit.elementType === 'object')).toBe(true)
    const preview = await call(
      'GET',
      `/admin/bundle/search/search/quicksearch-get-by-id?type=object&id=${hidden}`,
      frameEditor,
    )
    expect(preview.status).toBe(403)
  })
})

describe('the quick search', () => {
  it('answers the best hits of each type, the exact key first', async () => {
    const quick = await call<QuickSearchAnswer>(
      'GET',
      '/admin/bundle/search/search/quicksearch?query=quasar-aviator',
      admin,
    )
    expect(quick.status).toBe(200)
    expect(quick.body.data[0]).toMatchObject({ elementType: 'object', id: aviator })
  })

  it('previews one hit with its facts and an image’s thumbnail', async () => {
    const image = await call<SearchPreview>(
      'GET',
      `/admin/bundle/search/search/quicksearch-get-by-id?type=asset&id=${imageId}`,
      admin,
    )
    expect(image.status).toBe(200)
    expect(image.body.imageUrl).toContain(`id=${imageId}`)
    expect(image.body.details).toContainEqual({ name: 'mimeType', value: 'image/jpeg' })
    const page = await call<SearchPreview>(
      'GET',
      `/admin/bundle/search/search/quicksearch-get-by-id?type=document&id=${pageId}`,
      admin,
    )
    expect(page.body.details).toContainEqual({
      name: 'title',
      value: 'Nebula lenses for night driving',
    })
    const missing = await call(
      'GET',
      '/admin/bundle/search/search/quicksearch-get-by-id?type=document&id=987654',
      admin,
    )
    expect(missing.status).toBe(404)
  })
})
