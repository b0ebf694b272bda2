import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, like } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT_IN_THUMBNAIL_CONFIGS } from '@optika/domain/pim/asset-thumbnail-api'
import { assetThumbnails } from '../../platform/db/schema/asset-thumbnails.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { thumbnailConfigs } from '../../platform/db/schema/thumbnail-settings.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'

/**
 * The seed's thumbnail, predefined-metadata and predefined-properties calls of section 7
 * "Settings" (ADMIN-CALLS.md, copied here so CI can check them): registered for their methods,
 * 401 anonymous, 403 without the area's key, never a 500 on an empty request.
 */
const CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/settings/thumbnail-adapter-check'],
  ['GET', '/admin/settings/thumbnail-downloadable'],
  ['GET', '/admin/settings/thumbnail-get'],
  ['GET', '/admin/settings/video-thumbnail-adapter-check'],
  ['GET', '/admin/settings/video-thumbnail-list'],
  ['GET', '/admin/settings/video-thumbnail-get'],
  ['GET', '/admin/settings/thumbnail-tree'],
  ['POST', '/admin/settings/thumbnail-tree'],
  ['GET', '/admin/settings/video-thumbnail-tree'],
  ['POST', '/admin/settings/video-thumbnail-tree'],
  ['POST', '/admin/settings/thumbnail-add'],
  ['POST', '/admin/settings/video-thumbnail-add'],
  ['DELETE', '/admin/settings/thumbnail-delete'],
  ['DELETE', '/admin/settings/video-thumbnail-delete'],
  ['PUT', '/admin/settings/thumbnail-update'],
  ['PUT', '/admin/settings/video-thumbnail-update'],
  ['GET', '/admin/settings/get-predefined-metadata'],
  ['POST', '/admin/settings/predefined-metadata'],
  ['POST', '/admin/settings/properties'],
]

let t: TestApp
let adminCookie: string
/** Staff who may only see orders: none of this area's keys, nor an element editor's. */
let ordersOnlyCookie: string
/** A document editor: reads the predefined properties, may not change them. */
let documentsCookie: string
let imageId: number

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

function call(
  method: Method,
  url: string,
  cookie: string | null = adminCookie,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...headers, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

async function derivativeKeysOf(assetId: number, name: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(assetThumbnails)
    .where(
      and(
        eq(assetThumbnails.assetId, assetId),
        like(assetThumbnails.storageKey, `%-image-${name}%`),
      ),
    )
  return rows.map((row) => row.storageKey)
}

async function thumbnailSize(config: string, headers: Record<string, string> = {}) {
  const response = await call(
    'GET',
    `/admin/asset/get-image-thumbnail?id=${imageId}&config=${config}`,
    adminCookie,
    undefined,
    headers,
  )
  expect(response.statusCode).toBe(200)
  const meta = await sharp(response.rawPayload).metadata()
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    etag: response.headers.etag,
  }
}

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, {
    username: 'thumb-settings-admin',
    isAdmin: true,
  })
  ordersOnlyCookie = await signInNewUser(t.database.db, {
    username: 'thumb-settings-orders',
    permissions: ['orders'],
  })
  documentsCookie = await signInNewUser(t.database.db, {
    username: 'thumb-settings-documents',
    permissions: ['documents'],
  })
  const rootId = (await call('GET', '/admin/asset/tree-get-root')).json<{ id: number }>().id
  const picture = await sharp({
    create: { width: 400, height: 200, channels: 3, background: '#c03030' },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('parentId', String(rootId))
  form.append(
    'file',
    new Blob([new Uint8Array(picture)], { type: 'image/png' }),
    'settings-red.png',
  )
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-asset',
    headers: { cookie: adminCookie },
    payload: form,
  })
  expect(uploaded.statusCode).toBe(200)
  imageId = uploaded.json<{ id: number }>().id
})

afterAll(async () => {
  await t.close()
})

describe('the seed’s thumbnail, metadata and property settings calls', () => {
  it('lists 19 calls, each once', () => {
    expect(new Set(CALLS.map(([method, path]) => `${method} ${path}`)).size).toBe(19)
  })

  it.each(CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
  })

  it.each(CALLS)('%s %s refuses a user without the key with 403', async (method, path) => {
    const response = await call(method, path, ordersOnlyCookie)
    expect(response.statusCode).toBe(403)
  })

  it.each(CALLS)(
    '%s %s answers an empty or garbage request without a server error',
    async (method, path) => {
      for (const payload of [
        undefined,
        { name: '../../etc/passwd', data: '{not json', xaction: 'read' },
      ]) {
        const response = await call(method, path, adminCookie, payload)
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode >= 400) {
          const body = response.json<{ message?: unknown }>()
          expect(typeof body.message).toBe('string')
          expect(body.message).not.toMatch(UNTRANSLATED_KEY)
        }
      }
    },
  )
})

describe('image thumbnail configurations as data', () => {
  it('starts with the configurations that were in code, so nothing changes', async () => {
    const list = (await call('GET', '/admin/settings/thumbnail-list')).json<
      { name: string; width: number }[]
    >()
    for (const builtIn of BUILT_IN_THUMBNAIL_CONFIGS) {
      expect(list.find((c) => c.name === builtIn.name)).toMatchObject({
        width: builtIn.width,
        height: builtIn.height,
        mode: builtIn.mode,
        format: builtIn.format,
        quality: builtIn.quality,
      })
    }
    const tree = (await call('GET', '/admin/settings/thumbnail-tree')).json<
      { id: string; children?: { id: string }[] }[]
    >()
    expect(tree.find((node) => node.id === 'folder:system')?.children?.map((c) => c.id)).toContain(
      'grid',
    )
  })

  it('renders with a new configuration at its size; a change deletes what was rendered with it', async () => {
    const added = await call('POST', '/admin/settings/thumbnail-add', adminCookie, {
      name: 'card',
      width: 300,
      height: 120,
      mode: 'cover',
      format: 'jpeg',
      quality: 80,
    })
    expect(added.statusCode).toBe(200)
    const first = await thumbnailSize('card')
    expect(first).toMatchObject({ format: 'jpeg', width: 300, height: 120 })
    const [key] = await derivativeKeysOf(imageId, 'card')
    expect(existsSync(join(t.dataDir, 'assets', key!))).toBe(true)

    // Pimcore's form sends the settings as JSON text.
    const updated = await call('PUT', '/admin/settings/thumbnail-update', adminCookie, {
      name: 'card',
      settings: JSON.stringify({ width: 150, height: 100, format: 'png' }),
    })
    expect(updated.statusCode).toBe(200)
    expect(existsSync(join(t.dataDir, 'assets', key!))).toBe(false)
    expect(await derivativeKeysOf(imageId, 'card')).toEqual([])
    const second = await thumbnailSize('card')
    expect(second).toMatchObject({ format: 'png', width: 150, height: 100 })
    expect(second.etag).not.toBe(first.etag)

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'thumbnailConfig.update'), eq(auditLog.entityId, 'card')))
    expect(audit).toHaveLength(1)
  })

  it('deletes a configuration with its thumbnails; using it afterwards is a translated 400', async () => {
    await call('POST', '/admin/settings/thumbnail-add', adminCookie, {
      name: 'short-lived',
      width: 50,
      height: 50,
    })
    await thumbnailSize('short-lived')
    expect(await derivativeKeysOf(imageId, 'short-lived')).toHaveLength(1)
    const deleted = await call('DELETE', '/admin/settings/thumbnail-delete?name=short-lived')
    expect(deleted.json()).toMatchObject({ success: true, deleted: 1 })
    expect(await derivativeKeysOf(imageId, 'short-lived')).toEqual([])
    const gone = await call(
      'GET',
      `/admin/asset/get-image-thumbnail?id=${imageId}&config=short-lived`,
    )
    expect(gone.statusCode).toBe(400)
    expect(gone.json()).toMatchObject({ code: 'UNKNOWN_THUMBNAIL_CONFIG' })
  })

  it('offers the @2x variant only where high DPI is on, at twice the size', async () => {
    await call('POST', '/admin/settings/thumbnail-add', adminCookie, {
      name: 'retina',
      width: 80,
      height: 40,
      mode: 'resize',
      format: 'png',
    })
    expect(
      (await call('GET', `/admin/asset/get-image-thumbnail?id=${imageId}&config=retina@2x`))
        .statusCode,
    ).toBe(400)
    await call('PUT', '/admin/settings/thumbnail-update', adminCookie, {
      name: 'retina',
      highDpi: true,
    })
    expect(await thumbnailSize('retina')).toMatchObject({ width: 80, height: 40 })
    expect(await thumbnailSize('retina@2x')).toMatchObject({ width: 160, height: 80 })
  })

  it('frames a picture inside the box with the background colour', async () => {
    await call('POST', '/admin/settings/thumbnail-add', adminCookie, {
      name: 'framed',
      width: 200,
      height: 200,
      mode: 'frame',
      format: 'png',
      background: '#00ff00',
    })
    const response = await call(
      'GET',
      `/admin/asset/get-image-thumbnail?id=${imageId}&config=framed`,
    )
    const { data, info } = await sharp(response.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([200, 200])
    // The 400 × 200 picture fits as 200 × 100: the top row is padding, the middle is the picture.
    expect([...data.subarray(0, 3)]).toEqual([0, 255, 0])
    const middle = (100 * 200 + 100) * info.channels
    expect(data[middle]).toBeGreaterThan(150)
  })

  it('encodes `auto` to what the browser takes', async () => {
    await call('POST', '/admin/settings/thumbnail-add', adminCookie, {
      name: 'automatic',
      width: 64,
      height: 64,
      format: 'auto',
    })
    expect((await thumbnailSize('automatic', { accept: 'image/avif,image/webp,*/*' })).format).toBe(
      'heif',
    )
    expect((await thumbnailSize('automatic', { accept: 'image/webp,*/*' })).format).toBe('webp')
    expect((await thumbnailSize('automatic', { accept: '*/*' })).format).toBe('jpeg')
  })

  it('refuses bad input with a translated 4xx and changes nothing', async () => {
    const before = await t.database.db.select().from(thumbnailConfigs)
    for (const payload of [
      { name: '../escape', width: 10, height: 10 },
      { name: 'Upper Case' },
      { name: 'too-big', width: 50_000, height: 10 },
      { name: 'zero', width: 0, height: 10 },
      { name: 'bad-colour', background: 'red;drop' },
      { name: 'grid' },
    ]) {
      const response = await call('POST', '/admin/settings/thumbnail-add', adminCookie, payload)
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
    }
    const update = await call('PUT', '/admin/settings/thumbnail-update', adminCookie, {
      name: 'grid',
      quality: 0,
    })
    expect(update.statusCode).toBe(400)
    const systemDelete = await call('DELETE', '/admin/settings/thumbnail-delete?name=grid')
    expect(systemDelete.statusCode).toBe(409)
    expect(await t.database.db.select().from(thumbnailConfigs)).toEqual(before)
  })

  it('offers the downloadable configurations to whoever may use assets', async () => {
    const list = (await call('GET', '/admin/settings/thumbnail-downloadable')).json<
      { id: string }[]
    >()
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining(['preview', 'banner']))
    expect(list.map((c) => c.id)).not.toContain('tree')
  })

  it('reports the picture and video adapters', async () => {
    const image = (await call('GET', '/admin/settings/thumbnail-adapter-check')).json<{
      available: boolean
      formats: string[]
    }>()
    expect(image.available).toBe(true)
    expect(image.formats).toEqual(expect.arrayContaining(['jpeg', 'png', 'webp']))
    const video = (await call('GET', '/admin/settings/video-thumbnail-adapter-check')).json<{
      adapter: string
      available: boolean
    }>()
    expect(video.adapter).toBe('ffmpeg')
    expect(typeof video.available).toBe('boolean')
  })
})

describe('video thumbnail configurations', () => {
  it('lists the player’s preview configuration, adds, changes and deletes another', async () => {
    const list = (await call('GET', '/admin/settings/video-thumbnail-list')).json<
      { name: string; width: number }[]
    >()
    expect(list.find((c) => c.name === 'preview')).toMatchObject({
      width: 640,
      formats: ['mp4', 'webm'],
    })
    expect(
      (
        await call('POST', '/admin/settings/video-thumbnail-add', adminCookie, {
          name: 'teaser',
          width: 320,
          formats: ['webm'],
        })
      ).statusCode,
    ).toBe(200)
    const changed = await call('PUT', '/admin/settings/video-thumbnail-update', adminCookie, {
      name: 'teaser',
      videoBitrate: 300,
    })
    expect(changed.json()).toMatchObject({ width: 320, videoBitrate: 300, formats: ['webm'] })
    expect(
      (
        await call('PUT', '/admin/settings/video-thumbnail-update', adminCookie, {
          name: 'teaser',
          formats: ['ogg'],
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (await call('DELETE', '/admin/settings/video-thumbnail-delete?name=preview')).statusCode,
    ).toBe(409)
    expect(
      (await call('DELETE', '/admin/settings/video-thumbnail-delete?name=teaser')).statusCode,
    ).toBe(200)
    expect((await call('GET', '/admin/settings/video-thumbnail-get?name=teaser')).statusCode).toBe(
      404,
    )
  })
})

describe('asset metadata definitions', () => {
  it('creates, lists by asset type, updates and deletes definitions', async () => {
    const created = await call('POST', '/admin/settings/predefined-metadata', adminCookie, {
      xaction: 'create',
      data: JSON.stringify({
        name: 'copyright',
        type: 'input',
        targetSubtype: 'image',
        data: '© Optika',
      }),
    })
    expect(created.statusCode).toBe(200)
    const id = created.json<{ data: { id: number }[] }>().data[0]!.id
    await call('POST', '/admin/settings/predefined-metadata', adminCookie, {
      xaction: 'create',
      data: { name: 'licence', type: 'select', config: 'own, stock', data: 'own' },
    })
    const forVideos = (
      await call('GET', '/admin/settings/get-predefined-metadata?subType=video')
    ).json<{ data: { name: string }[] }>()
    expect(forVideos.data.map((d) => d.name)).toEqual(['licence'])
    const forImages = (
      await call('GET', '/admin/settings/get-predefined-metadata?subType=image')
    ).json<{ data: { name: string }[] }>()
    expect(forImages.data.map((d) => d.name).sort()).toEqual(['copyright', 'licence'])

    const select = await call('POST', '/admin/settings/predefined-metadata', adminCookie, {
      xaction: 'create',
      data: { name: 'broken', type: 'select', config: '' },
    })
    expect(select.statusCode).toBe(400)

    const updated = await call('POST', '/admin/settings/predefined-metadata', adminCookie, {
      xaction: 'update',
      data: { id, description: 'Who owns the picture' },
    })
    expect(updated.json()).toMatchObject({
      data: [{ id, name: 'copyright', description: 'Who owns the picture' }],
    })
    const searched = (
      await call('POST', '/admin/settings/predefined-metadata', adminCookie, { filter: 'owns' })
    ).json<{ total: number }>()
    expect(searched.total).toBe(1)
    expect(
      (
        await call('POST', '/admin/settings/predefined-metadata', adminCookie, {
          xaction: 'destroy',
          data: { id },
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (
        await call('POST', '/admin/settings/predefined-metadata', adminCookie, {
          xaction: 'destroy',
          data: { id },
        })
      ).statusCode,
    ).toBe(404)
  })
})

describe('predefined properties', () => {
  it('are offered to an element editor by content type; only the key’s holders change them', async () => {
    const created = await call('POST', '/admin/settings/properties', adminCookie, {
      xaction: 'create',
      data: {
        name: 'Hide in navigation',
        key: 'navigation_exclude',
        type: 'bool',
        data: 'true',
        ctype: ['document'],
        inheritable: true,
      },
    })
    expect(created.statusCode).toBe(200)
    await call('POST', '/admin/settings/properties', adminCookie, {
      xaction: 'create',
      data: { name: 'Licence', key: 'licence', type: 'text', ctype: ['asset'] },
    })
    const forDocuments = await call('POST', '/admin/settings/properties', documentsCookie, {
      ctype: 'document',
    })
    expect(forDocuments.statusCode).toBe(200)
    expect(forDocuments.json<{ data: { key: string }[] }>().data.map((p) => p.key)).toEqual([
      'navigation_exclude',
    ])
    const refused = await call('POST', '/admin/settings/properties', documentsCookie, {
      xaction: 'create',
      data: { name: 'Sneaky', key: 'sneaky', type: 'text', ctype: ['document'] },
    })
    expect(refused.statusCode).toBe(403)
    const badKey = await call('POST', '/admin/settings/properties', adminCookie, {
      xaction: 'create',
      data: { name: 'Bad', key: '<script>', type: 'text', ctype: ['document'] },
    })
    expect(badKey.statusCode).toBe(400)
    const badDefault = await call('POST', '/admin/settings/properties', adminCookie, {
      xaction: 'create',
      data: { name: 'Bad', key: 'flag', type: 'bool', data: 'maybe', ctype: ['object'] },
    })
    expect(badDefault.statusCode).toBe(400)
  })
})
