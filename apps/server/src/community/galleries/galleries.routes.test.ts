import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GalleryAlbum, GalleryListAnswer } from '@optika/domain/community/gallery-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertTestObject } from '../../../test/insert-test-object.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'

type Metadata = { name: string; language: string; type: 'input'; data: string }[]

describe('galleries on the storefront', () => {
  let testApp: TestApp
  const ids = { captioned: 0, altOnly: 0, bare: 0, pdf: 0 }
  const galleries = { summer: 0, autumn: 0, draft: 0, untitled: 0, notGallery: 0 }

  async function insertAsset(
    key: string,
    metadata: Metadata,
    type: 'image' | 'document' = 'image',
  ) {
    const [row] = await testApp.database.db
      .insert(assets)
      .values({
        parentId: null,
        type,
        key,
        path: '/',
        mimeType: type === 'image' ? 'image/webp' : 'application/pdf',
        width: 1200,
        height: 800,
        storageKey: `gallery-test/${key}`,
        metadata,
      })
      .returning({ id: assets.id })
    return row!.id
  }

  beforeAll(async () => {
    testApp = await buildTestApp()
    ids.captioned = await insertAsset('boat.webp', [
      { name: 'title', language: 'cs', type: 'input', data: 'Loďka na jezeře' },
      { name: 'title', language: 'en', type: 'input', data: 'A boat on the lake' },
      { name: 'alt', language: 'en', type: 'input', data: 'A small red boat' },
    ])
    ids.altOnly = await insertAsset('shop.webp', [
      { name: 'alt', language: '', type: 'input', data: 'The shop window' },
    ])
    ids.bare = await insertAsset('bare.webp', [])
    ids.pdf = await insertAsset('leaflet.pdf', [], 'document')
    const db = testApp.database.db
    galleries.summer = await insertTestObject(db, {
      key: 'summer',
      classId: 'Gallery',
      data: {
        title: { cs: 'Léto', en: 'Summer' },
        description: { en: 'Sun and water' },
        date: '2026-06-01',
        imageIds: [ids.captioned, ids.pdf, 999_999, ids.altOnly, ids.bare],
      },
    })
    galleries.autumn = await insertTestObject(db, {
      key: 'autumn',
      classId: 'Gallery',
      data: { title: { en: 'Autumn' }, date: '2026-10-01', imageIds: [ids.bare] },
    })
    galleries.draft = await insertTestObject(db, {
      key: 'draft',
      classId: 'Gallery',
      published: false,
      data: { title: { en: 'Secret draft' }, imageIds: [ids.captioned] },
    })
    galleries.untitled = await insertTestObject(db, {
      key: 'untitled',
      classId: 'Gallery',
      data: { imageIds: [ids.bare] },
    })
    galleries.notGallery = await insertTestObject(db, {
      key: 'an-article',
      classId: 'Article',
      data: { title: { en: 'Not a gallery' } },
    })
  })
  afterAll(() => testApp.close())

  function get(url: string, headers: Record<string, string> = {}) {
    return testApp.app.inject({ method: 'GET', url, headers })
  }

  it('lists the published, titled galleries newest first with cover and picture count', async () => {
    const response = await get('/api/galleries?locale=en')
    expect(response.statusCode).toBe(200)
    const { galleries: list } = response.json<GalleryListAnswer>()
    const ours = list.filter((g) => Object.values(galleries).includes(g.id))
    expect(ours.map((g) => g.title)).toEqual(['Autumn', 'Summer'])
    const summer = ours[1]!
    expect(summer).toMatchObject({
      url: `/en/galleries/${galleries.summer}/summer`,
      description: 'Sun and water',
      date: '2026-06-01',
      pictureCount: 3,
    })
    expect(summer.cover?.id).toBe(ids.captioned)
  })

  it('gives an album its pictures in three sizes with captions in the page’s language', async () => {
    const cs = (await get(`/api/galleries/${galleries.summer}?locale=cs`)).json<GalleryAlbum>()
    expect(cs.title).toBe('Léto')
    expect(cs.url).toBe(`/cs/galleries/${galleries.summer}/leto`)
    expect(cs.pictures.map((p) => [p.id, p.caption, p.alt])).toEqual([
      [ids.captioned, 'Loďka na jezeře', 'Loďka na jezeře'],
      [ids.altOnly, 'The shop window', 'The shop window'],
      [ids.bare, '', ''],
    ])
    const en = (await get(`/api/galleries/${galleries.summer}?locale=en`)).json<GalleryAlbum>()
    expect(en.pictures[0]).toEqual({
      id: ids.captioned,
      caption: 'A boat on the lake',
      alt: 'A small red boat',
      thumbnail: { src: '/media/thumbnail/gallery-test/boat.webp', width: 320, height: 213 },
      medium: { src: '/media/medium/gallery-test/boat.webp', width: 640, height: 427 },
      large: { src: '/media/large/gallery-test/boat.webp', width: 960, height: 640 },
    })
    // A language without its own title falls back (the gallery's English one here).
    const hu = (await get(`/api/galleries/${galleries.summer}?locale=hu`)).json<GalleryAlbum>()
    expect(hu.title).not.toBe('')
    expect(hu.urls.cs).toBe(`/cs/galleries/${galleries.summer}/leto`)
    expect(hu.preview).toBe(false)
  })

  it('says Galery not found for an id that is no gallery, Album not found for an unpublished one', async () => {
    for (const id of [999_999_999, galleries.notGallery]) {
      const response = await get(`/api/galleries/${id}`, { 'accept-language': 'en' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({
        code: 'GALLERY_NOT_FOUND',
        message: 'Galery not found',
      })
    }
    for (const id of [galleries.draft, galleries.untitled]) {
      const response = await get(`/api/galleries/${id}?preview=1`, { 'accept-language': 'cs' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({
        code: 'ALBUM_NOT_FOUND',
        message: 'Album nebylo nalezeno',
      })
    }
  })

  it('shows an unpublished gallery only to a back-office user with the objects permission', async () => {
    const db = testApp.database.db
    const editor = await signIn(
      db,
      await insertAdminUser(db, { username: 'gallery-editor', permissions: ['objects'] }),
    )
    const other = await signIn(
      db,
      await insertAdminUser(db, { username: 'gallery-clerk', permissions: ['documents'] }),
    )
    const url = `/api/galleries/${galleries.draft}?preview=1&locale=en`
    expect((await get(url, { cookie: other })).statusCode).toBe(404)
    // Without ?preview=1 even the editor sees what visitors see.
    expect((await get(`/api/galleries/${galleries.draft}`, { cookie: editor })).statusCode).toBe(
      404,
    )
    const response = await get(url, { cookie: editor })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json<GalleryAlbum>()).toMatchObject({ title: 'Secret draft', preview: true })
    // Nor is it listed.
    const list = (await get('/api/galleries', { cookie: editor })).json<GalleryListAnswer>()
    expect(list.galleries.map((g) => g.id)).not.toContain(galleries.draft)
  })

  it('answers hostile addresses with a translated 400, never a 500', async () => {
    for (const id of ['abc', '-1', '0', '1e3', "1'%20or%201=1", '9'.repeat(40), '%00']) {
      const response = await get(`/api/galleries/${id}`, { 'accept-language': 'en' })
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, id).toBeLessThan(500)
    }
    const response = await get('/api/galleries?locale=xx')
    expect(response.statusCode).toBe(400)
  })
})
