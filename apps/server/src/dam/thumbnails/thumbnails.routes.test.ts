import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import { BUILT_IN_THUMBNAIL_CONFIGS } from '@optika/domain/pim/asset-thumbnail-api'
import { assetThumbnails } from '../../platform/db/schema/asset-thumbnails.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { adminWorkspaces, auditLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { buildDemoPdf } from '../../demo/demo-media-assets.ts'

const DEMO_VIDEO = new URL('../../demo/files/optika-demo-video.mp4', import.meta.url)

let t: TestApp
let adminCookie: string
let noAssetsCookie: string
let rootId: number

/** Left half red, right half blue: where a cover crop cuts shows in the colour it keeps. */
async function twoColourPng(width = 400, height = 200): Promise<Buffer> {
  const half = Math.floor(width / 2)
  return sharp({
    create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } },
  })
    .composite([
      {
        input: await sharp({
          create: {
            width: width - half,
            height,
            channels: 3,
            background: { r: 20, g: 20, b: 220 },
          },
        })
          .png()
          .toBuffer(),
        left: half,
        top: 0,
      },
    ])
    .png()
    .toBuffer()
}

/** A valid PNG header claiming 50,000 × 50,000 pixels over a tiny body (a pixel flood). */
function pixelFloodPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(50_000, 0)
  header.writeUInt32BE(50_000, 4)
  header[8] = 8
  header[9] = 2
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function get(url: string, cookie = adminCookie, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { cookie, 'accept-language': 'en', ...headers },
  })
}

async function upload(folderId: number, content: Buffer, filename: string) {
  const form = new FormData()
  form.append('parentId', String(folderId))
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), filename)
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-asset',
    headers: { cookie: adminCookie },
    payload: form,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ id: number; fullPath: string }>()
}

async function addFolder(parentId: number, name: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-folder',
    headers: { cookie: adminCookie },
    payload: { parentId, name },
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ id: number }>().id
}

/** A video or document row with its file, as the upload slice stores them. */
async function insertFileAsset(
  folder: string,
  key: string,
  type: 'video' | 'document' | 'image',
  mimeType: string,
  content: Buffer,
): Promise<number> {
  const [parent] = await t.database.db
    .select()
    .from(assets)
    .where(and(eq(assets.parentId, rootId), eq(assets.key, folder)))
  const parentId = parent?.id ?? (await addFolder(rootId, folder))
  const storageKey = `${folder}/${key}`
  const file = join(t.dataDir, 'assets', storageKey)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, content)
  const [row] = await t.database.db
    .insert(assets)
    .values({
      parentId,
      type,
      key,
      path: `/${folder}/`,
      mimeType,
      size: content.length,
      storageKey,
    })
    .returning({ id: assets.id })
  return row!.id
}

async function derivativeKeysOf(assetId: number): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(assetThumbnails)
    .where(eq(assetThumbnails.assetId, assetId))
  return rows.map((r) => r.storageKey)
}

/** Mean red and blue of a picture. */
async function meanColour(image: Buffer): Promise<{ red: number; blue: number }> {
  const { channels } = await sharp(image).stats()
  return { red: channels[0]!.mean, blue: channels[2]!.mean }
}

beforeAll(async () => {
  t = await buildTestApp()
  const adminId = await insertAdminUser(t.database.db, { username: 'thumbs-admin', isAdmin: true })
  adminCookie = await signIn(t.database.db, adminId)
  const noAssets = await insertAdminUser(t.database.db, {
    username: 'thumbs-no-assets',
    permissions: ['objects'],
  })
  noAssetsCookie = await signIn(t.database.db, noAssets)
  rootId = (await get('/admin/asset/tree-get-root')).json<{ id: number }>().id
})

afterAll(async () => {
  await t.close()
})

describe('every thumbnail call', () => {
  const calls: [string, string][] = [
    ['GET', '/admin/asset/thumbnail-configs'],
    ['GET', '/admin/asset/get-image-thumbnail?id=1'],
    ['GET', '/admin/asset/download-image-thumbnail?id=1'],
    ['GET', '/admin/asset/get-folder-thumbnail?id=1'],
    ['GET', '/admin/asset/get-video-thumbnail?id=1'],
    ['GET', '/admin/asset/get-preview-video?id=1'],
    ['GET', '/admin/asset/serve-video-preview?id=1'],
    ['GET', '/admin/asset/get-document-thumbnail?id=1'],
    ['GET', '/admin/asset/get-preview-document?id=1'],
    ['POST', '/admin/asset/clear-thumbnail?id=1'],
    ['GET', '/admin/asset/image-editor?id=1'],
    ['PUT', '/admin/asset/image-editor-save'],
  ]

  it.each(calls)(
    '%s %s is registered, refuses anonymous callers and users without assets',
    async (method, url) => {
      const payload =
        method === 'PUT' ? { id: 1, operations: [{ type: 'rotate', angle: 90 }] } : undefined
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload })
      expect(anonymous.statusCode).toBe(401)
      const refused = await t.app.inject({
        method: method as 'GET',
        url,
        payload,
        headers: { cookie: noAssetsCookie },
      })
      expect(refused.statusCode).toBe(403)
    },
  )
})

describe('thumbnail configurations', () => {
  it('lists the built-in configurations with size, mode and format', async () => {
    const response = await get('/admin/asset/thumbnail-configs')
    expect(response.statusCode).toBe(200)
    const list = response.json<{ name: string; width: number; mode: string; format: string }[]>()
    // Configurations are data now (decision 058), listed by name; the seeded ones are all there.
    expect(list.map((c) => c.name)).toEqual(BUILT_IN_THUMBNAIL_CONFIGS.map((c) => c.name).sort())
    expect(list.find((c) => c.name === 'grid')).toMatchObject({
      width: 256,
      mode: 'cover',
      format: 'webp',
    })
  })
})

describe('image thumbnails', () => {
  let folderId: number
  let imageId: number

  beforeAll(async () => {
    folderId = await addFolder(rootId, 'thumbs')
    imageId = (await upload(folderId, await twoColourPng(), 'two-colours.png')).id
  })

  it('renders a picture in a named configuration once and then serves it from the store', async () => {
    const first = await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=grid`)
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/webp')
    expect(first.headers['cache-control']).toContain('private')
    const meta = await sharp(first.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
    const [key] = await derivativeKeysOf(imageId)
    expect(key).toMatch(new RegExp(`^\\.thumbnails/${imageId}/[0-9a-f]{16}-image-grid\\.webp$`))
    expect(existsSync(join(t.dataDir, 'assets', key!))).toBe(true)

    // The stored derivative is what the next request gets (overwrite it to prove it is read).
    const marker = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer()
    await writeFile(join(t.dataDir, 'assets', key!), marker)
    const second = await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=grid`)
    expect(second.rawPayload.equals(marker)).toBe(true)

    const notModified = await get(
      `/admin/asset/get-image-thumbnail?id=${imageId}&config=grid`,
      adminCookie,
      {
        'if-none-match': String(first.headers.etag),
      },
    )
    expect(notModified.statusCode).toBe(304)
  })

  it('encodes each configuration in its own format and box', async () => {
    const banner = await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=banner`)
    expect(banner.headers['content-type']).toBe('image/jpeg')
    const bannerMeta = await sharp(banner.rawPayload).metadata()
    expect([bannerMeta.width, bannerMeta.height]).toEqual([1600, 600])
    const contain = await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=preview`)
    const containMeta = await sharp(contain.rawPayload).metadata()
    // Never enlarged: the 400 × 200 original stays 400 × 200.
    expect([containMeta.width, containMeta.height]).toEqual([400, 200])
    const avif = await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=square-avif`)
    expect(avif.headers['content-type']).toBe('image/avif')
    const crop = await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=detail-crop`)
    expect(crop.headers['content-type']).toBe('image/png')
    const cropMeta = await sharp(crop.rawPayload).metadata()
    expect([cropMeta.width, cropMeta.height]).toEqual([400, 200])
  })

  it('centres cover crops on the focal point and re-renders when it moves', async () => {
    const centred = await meanColour(
      (await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=tree`)).rawPayload,
    )
    expect(Math.abs(centred.red - centred.blue)).toBeLessThan(30)

    await t.database.db
      .update(assets)
      .set({ customSettings: { focalPoint: { x: 90, y: 50 } } })
      .where(eq(assets.id, imageId))
    const right = await meanColour(
      (await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=tree`)).rawPayload,
    )
    expect(right.blue).toBeGreaterThan(180)
    expect(right.red).toBeLessThan(60)

    await t.database.db
      .update(assets)
      .set({ customSettings: { focalPoint: { x: 5, y: 50 } } })
      .where(eq(assets.id, imageId))
    const left = await meanColour(
      (await get(`/admin/asset/get-image-thumbnail?id=${imageId}&config=tree`)).rawPayload,
    )
    expect(left.red).toBeGreaterThan(180)
  })

  it('downloads a configuration under a file name made of the asset and the configuration', async () => {
    const response = await get(`/admin/asset/download-image-thumbnail?id=${imageId}&config=grid`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="two-colours-grid.webp"; filename*=UTF-8''two-colours-grid.webp`,
    )
    // A renamed asset's key may hold anything but a slash: the header stays well-formed.
    await t.database.db
      .update(assets)
      .set({ key: 'Brýle "nové"\r\nX: 1.png' })
      .where(eq(assets.id, imageId))
    const odd = await get(`/admin/asset/download-image-thumbnail?id=${imageId}&config=grid`)
    expect(odd.statusCode).toBe(200)
    expect(odd.headers['content-disposition']).toBe(
      `attachment; filename="Br_le_nov_X_1-grid.webp"; filename*=UTF-8''${encodeURIComponent('Brýle "nové"\r\nX: 1-grid.webp')}`,
    )
    expect(odd.headers['x-content-type-options']).toBe('nosniff')
    await t.database.db.update(assets).set({ key: 'two-colours.png' }).where(eq(assets.id, imageId))
  })

  it('refuses an unknown configuration, a missing asset and a non-picture with a translated 4xx', async () => {
    const unknown = await get(
      `/admin/asset/get-image-thumbnail?id=${imageId}&config=huge`,
      adminCookie,
      {
        'accept-language': 'cs',
      },
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({
      code: 'UNKNOWN_THUMBNAIL_CONFIG',
      message: 'Konfigurace náhledu „huge“ neexistuje.',
    })
    const download = await get(`/admin/asset/download-image-thumbnail?id=${imageId}&config=../etc`)
    expect(download.statusCode).toBe(400)
    expect((await get('/admin/asset/get-image-thumbnail?id=999999&config=grid')).statusCode).toBe(
      404,
    )
    expect((await get('/admin/asset/get-image-thumbnail?id=abc')).statusCode).toBe(400)
    const folder = await get(`/admin/asset/get-image-thumbnail?id=${folderId}`)
    expect(folder.statusCode).toBe(400)
    expect(folder.json()).toMatchObject({
      code: 'WRONG_ASSET_TYPE',
      message: 'This asset is not a picture.',
    })
  })

  it('answers a translated 422, never a 500, for a pixel flood or a damaged picture in the store', async () => {
    const flood = await insertFileAsset(
      'hostile',
      'flood.png',
      'image',
      'image/png',
      pixelFloodPng(),
    )
    const damaged = await insertFileAsset(
      'hostile',
      'damaged.jpg',
      'image',
      'image/jpeg',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]),
    )
    for (const id of [flood, damaged]) {
      const response = await get(`/admin/asset/get-image-thumbnail?id=${id}&config=grid`)
      expect(response.statusCode).toBe(422)
      expect(response.json()).toEqual({
        code: 'THUMBNAIL_UNREADABLE',
        message: 'No thumbnail can be made from this picture: the file is damaged or too large.',
      })
      expect(await derivativeKeysOf(id)).toEqual([])
      const edit = await t.app.inject({
        method: 'PUT',
        url: '/admin/asset/image-editor-save',
        headers: { cookie: adminCookie },
        payload: { id, operations: [{ type: 'rotate', angle: 90 }] },
      })
      expect(edit.statusCode).toBe(422)
    }
    // A folder's collage leaves such pictures out, and has none to show when they are all it has.
    const [hostile] = await t.database.db.select().from(assets).where(eq(assets.key, 'hostile'))
    const collage = () => get(`/admin/asset/get-folder-thumbnail?id=${hostile!.id}`)
    expect((await collage()).statusCode).toBe(404)
    await insertFileAsset('hostile', 'fine.png', 'image', 'image/png', await twoColourPng(40, 40))
    expect((await collage()).statusCode).toBe(200)
  })

  it('refuses a user whose workspace does not show the picture', async () => {
    const userId = await insertAdminUser(t.database.db, {
      username: 'thumbs-elsewhere',
      permissions: ['assets'],
    })
    await t.database.db.insert(adminWorkspaces).values({
      userId,
      elementType: 'asset',
      path: '/elsewhere',
      list: true,
      view: true,
    })
    const cookie = await signIn(t.database.db, userId)
    expect((await get(`/admin/asset/get-image-thumbnail?id=${imageId}`, cookie)).statusCode).toBe(
      403,
    )
    expect((await get(`/admin/asset/get-folder-thumbnail?id=${folderId}`, cookie)).statusCode).toBe(
      403,
    )
  })
})

describe('folder thumbnails', () => {
  it('makes a collage of the first pictures in the folder and its subfolders', async () => {
    const folderId = await addFolder(rootId, 'collage')
    const inner = await addFolder(folderId, 'inner')
    await upload(folderId, await twoColourPng(120, 80), 'a.png')
    await upload(inner, await twoColourPng(80, 120), 'b.png')
    const response = await get(`/admin/asset/get-folder-thumbnail?id=${folderId}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    const meta = await sharp(response.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([256, 256])
  })

  it('answers a translated 404 for a folder without pictures and 400 for a picture', async () => {
    const empty = await addFolder(rootId, 'empty-folder')
    const response = await get(`/admin/asset/get-folder-thumbnail?id=${empty}`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'FOLDER_HAS_NO_IMAGES' })
    const picture = await upload(empty, await twoColourPng(20, 20), 'lonely.png')
    expect((await get(`/admin/asset/get-folder-thumbnail?id=${picture.id}`)).statusCode).toBe(400)
  })
})

describe('video thumbnails and previews', () => {
  let videoId: number

  beforeAll(async () => {
    videoId = await insertFileAsset(
      'videos',
      'demo.mp4',
      'video',
      'video/mp4',
      await readFile(DEMO_VIDEO),
    )
  })

  it('renders the frame at a time offset in a configuration', async () => {
    const response = await get(`/admin/asset/get-video-thumbnail?id=${videoId}&config=grid&time=2`)
    expect(response.statusCode).toBe(200)
    const meta = await sharp(response.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
    const first = await get(`/admin/asset/get-video-thumbnail?id=${videoId}&config=grid&time=0`)
    expect(first.rawPayload.equals(response.rawPayload)).toBe(false)
  })

  it('refuses a time past the end, a bad time and a picture with a translated 400', async () => {
    const late = await get(`/admin/asset/get-video-thumbnail?id=${videoId}&time=60`)
    expect(late.statusCode).toBe(400)
    expect(late.json()).toEqual({
      code: 'VIDEO_TIME_BEYOND_END',
      message: 'The video is shorter than 60 s; choose an earlier moment.',
    })
    expect((await get(`/admin/asset/get-video-thumbnail?id=${videoId}&time=-1`)).statusCode).toBe(
      400,
    )
    const unknown = await get(`/admin/asset/get-video-thumbnail?id=${videoId}&config=nope`)
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_THUMBNAIL_CONFIG' })
    const folder = await get(`/admin/asset/get-video-thumbnail?id=${rootId}`)
    expect(folder.json()).toMatchObject({
      code: 'WRONG_ASSET_TYPE',
      message: 'This asset is not a video.',
    })
  })

  it('makes a small MP4 preview and tells the player where it is', async () => {
    const response = await get(`/admin/asset/get-preview-video?id=${videoId}`)
    expect(response.statusCode).toBe(200)
    const preview = response.json<{ sources: { format: string; url: string }[]; poster: string }>()
    expect(preview.sources.map((s) => s.format)).toEqual(['mp4', 'webm'])
    const mp4 = await get(preview.sources[0]!.url)
    expect(mp4.statusCode).toBe(200)
    expect(mp4.headers['content-type']).toBe('video/mp4')
    expect(mp4.headers['accept-ranges']).toBe('bytes')
    expect(mp4.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect((await get(preview.poster)).headers['content-type']).toBe('image/webp')

    const webm = await get(preview.sources[1]!.url)
    expect(webm.headers['content-type']).toBe('video/webm')
    expect(webm.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3')
  })

  it('answers Range requests with 206 and an unsatisfiable range with a translated 416', async () => {
    const whole = await get(`/admin/asset/serve-video-preview?id=${videoId}&format=mp4`)
    const size = whole.rawPayload.length
    const part = await get(`/admin/asset/serve-video-preview?id=${videoId}`, adminCookie, {
      range: 'bytes=10-99',
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 10-99/${size}`)
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 100))).toBe(true)
    const tail = await get(`/admin/asset/serve-video-preview?id=${videoId}`, adminCookie, {
      range: 'bytes=-16',
    })
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 16))).toBe(true)
    const beyond = await get(`/admin/asset/serve-video-preview?id=${videoId}`, adminCookie, {
      range: `bytes=${size + 10}-`,
    })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`)
    expect(beyond.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' })
    const badFormat = await get(`/admin/asset/serve-video-preview?id=${videoId}&format=avi`)
    expect(badFormat.statusCode).toBe(400)
  })

  it('answers a translated 422 for a file that is no video', async () => {
    const broken = await insertFileAsset(
      'videos',
      'broken.mp4',
      'video',
      'video/mp4',
      Buffer.from('not a video at all'),
    )
    const response = await get(`/admin/asset/get-video-thumbnail?id=${broken}`)
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'VIDEO_UNREADABLE' })
  })
})

describe('without ffmpeg', () => {
  let bare: TestApp

  beforeAll(async () => {
    bare = await buildTestApp({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } })
  })
  afterAll(async () => {
    await bare.close()
  })

  it('answers the video calls with a translated 503 while pictures still work', async () => {
    const adminId = await insertAdminUser(bare.database.db, {
      username: 'bare-admin',
      isAdmin: true,
    })
    const cookie = await signIn(bare.database.db, adminId)
    const root = (
      await bare.app.inject({
        method: 'GET',
        url: '/admin/asset/tree-get-root',
        headers: { cookie },
      })
    ).json<{ id: number }>()
    const [video] = await bare.database.db
      .insert(assets)
      .values({
        parentId: root.id,
        type: 'video',
        key: 'v.mp4',
        path: '/',
        mimeType: 'video/mp4',
        storageKey: 'v.mp4',
      })
      .returning({ id: assets.id })
    await writeFile(join(bare.dataDir, 'assets', 'v.mp4'), await readFile(DEMO_VIDEO)).catch(
      async () => {
        await mkdir(join(bare.dataDir, 'assets'), { recursive: true })
        await writeFile(join(bare.dataDir, 'assets', 'v.mp4'), await readFile(DEMO_VIDEO))
      },
    )
    for (const url of [
      `/admin/asset/get-video-thumbnail?id=${video!.id}`,
      `/admin/asset/get-preview-video?id=${video!.id}`,
      `/admin/asset/serve-video-preview?id=${video!.id}`,
    ]) {
      const response = await bare.app.inject({
        method: 'GET',
        url,
        headers: { cookie, 'accept-language': 'en' },
      })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({
        code: 'FFMPEG_MISSING',
        message:
          'Video previews are unavailable: ffmpeg is not installed on the server. The rest of the library works.',
      })
    }
    const form = new FormData()
    form.append('parentId', String(root.id))
    form.append(
      'file',
      new Blob([new Uint8Array(await twoColourPng(40, 20))], { type: 'image/png' }),
      'p.png',
    )
    const picture = (
      await bare.app.inject({
        method: 'POST',
        url: '/admin/asset/add-asset',
        headers: { cookie },
        payload: form,
      })
    ).json<{ id: number }>()
    const thumbnail = await bare.app.inject({
      method: 'GET',
      url: `/admin/asset/get-image-thumbnail?id=${picture.id}&config=grid`,
      headers: { cookie },
    })
    expect(thumbnail.statusCode).toBe(200)
  })
})

describe('document thumbnails and previews', () => {
  let pdfId: number

  beforeAll(async () => {
    pdfId = await insertFileAsset(
      'documents',
      'guide.pdf',
      'document',
      'application/pdf',
      buildDemoPdf(),
    )
  })

  it('renders a page of a PDF in a configuration', async () => {
    const first = await get(`/admin/asset/get-document-thumbnail?id=${pdfId}&config=grid`)
    expect(first.statusCode).toBe(200)
    const meta = await sharp(first.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
    // The first page has a blue band at the top, the second an orange one.
    const band = async (body: Buffer) =>
      meanColour(
        await sharp(body).extract({ left: 0, top: 0, width: 256, height: 16 }).png().toBuffer(),
      )
    const page1 = await band(first.rawPayload)
    const page2 = await band(
      (await get(`/admin/asset/get-document-thumbnail?id=${pdfId}&config=grid&page=2`)).rawPayload,
    )
    expect(page1.blue).toBeGreaterThan(page1.red)
    expect(page2.red).toBeGreaterThan(page2.blue)
  })

  it('renders a page large for the viewer with the page count', async () => {
    const response = await get(`/admin/asset/get-preview-document?id=${pdfId}&page=2`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-page-count']).toBe('2')
    const meta = await sharp(response.rawPayload).metadata()
    expect([meta.format, meta.width]).toEqual(['webp', 1600])
  })

  it('refuses a page the document does not have, a damaged PDF and a picture', async () => {
    for (const url of [
      `/admin/asset/get-document-thumbnail?id=${pdfId}&page=3`,
      `/admin/asset/get-preview-document?id=${pdfId}&page=3`,
    ]) {
      const response = await get(url)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        code: 'DOCUMENT_PAGE_OUT_OF_RANGE',
        message: 'The document has no page 3 (it has 2).',
      })
    }
    expect((await get(`/admin/asset/get-preview-document?id=${pdfId}&page=0`)).statusCode).toBe(400)
    const damaged = await insertFileAsset(
      'documents',
      'damaged.pdf',
      'document',
      'application/pdf',
      Buffer.from('%PDF-1.4 nothing else'),
    )
    const response = await get(`/admin/asset/get-document-thumbnail?id=${damaged}`)
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'DOCUMENT_UNREADABLE' })
    const text = await insertFileAsset(
      'documents',
      'notes.txt',
      'document',
      'text/plain',
      Buffer.from('hello'),
    )
    expect((await get(`/admin/asset/get-preview-document?id=${text}`)).json()).toMatchObject({
      code: 'WRONG_ASSET_TYPE',
      message: 'Page previews are available for PDF documents only.',
    })
  })
})

describe('clearing thumbnails', () => {
  it('forgets every derivative and the shop sizes of an asset, with an audit entry', async () => {
    const folderId = await addFolder(rootId, 'clearing')
    const picture = await upload(folderId, await twoColourPng(60, 40), 'clear-me.png')
    await get(`/admin/asset/get-image-thumbnail?id=${picture.id}&config=grid`)
    await get(`/admin/asset/get-image-thumbnail?id=${picture.id}&config=tree`)
    const [row] = await t.database.db.select().from(assets).where(eq(assets.id, picture.id))
    expect(
      (await t.app.inject({ method: 'GET', url: mediaUrl(row!.storageKey!, 'thumbnail') }))
        .statusCode,
    ).toBe(200)
    const shopCache = join(
      t.dataDir,
      'cache',
      'media',
      'thumbnail',
      row!.storageKey!.replace(/\.\w+$/, '.webp'),
    )
    expect(existsSync(shopCache)).toBe(true)
    const keys = await derivativeKeysOf(picture.id)
    expect(keys).toHaveLength(2)

    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/asset/clear-thumbnail',
      headers: { cookie: adminCookie },
      payload: { id: picture.id },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, deleted: 2 })
    expect(await derivativeKeysOf(picture.id)).toEqual([])
    for (const key of keys) expect(existsSync(join(t.dataDir, 'assets', key))).toBe(false)
    expect(existsSync(shopCache)).toBe(false)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'asset.clearThumbnail'), eq(auditLog.entityId, String(picture.id))),
      )
    expect(audit).toHaveLength(1)
    // Rendered again on the next request.
    expect(
      (await get(`/admin/asset/get-image-thumbnail?id=${picture.id}&config=grid`)).statusCode,
    ).toBe(200)
  })

  it('refuses without an id, an unknown asset and a user without the publish right', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/admin/asset/clear-thumbnail',
      headers: { cookie: adminCookie, 'accept-language': 'en' },
    })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({
      code: 'NO_ASSET',
      message: 'Choose an asset (the id parameter).',
    })
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/admin/asset/clear-thumbnail?id=987654',
      headers: { cookie: adminCookie },
    })
    expect(unknown.statusCode).toBe(404)

    const userId = await insertAdminUser(t.database.db, {
      username: 'thumbs-viewer',
      permissions: ['assets'],
    })
    await t.database.db
      .insert(adminWorkspaces)
      .values({ userId, elementType: 'asset', path: '/', list: true, view: true })
    const viewer = await signIn(t.database.db, userId)
    const refused = await t.app.inject({
      method: 'POST',
      url: `/admin/asset/clear-thumbnail?id=${rootId}`,
      headers: { cookie: viewer },
    })
    expect(refused.statusCode).toBe(403)
  })
})

describe('image editor', () => {
  let folderId: number

  beforeAll(async () => {
    folderId = await addFolder(rootId, 'editing')
  })

  it('gives the editor the picture, its size and focal point', async () => {
    const picture = await upload(folderId, await twoColourPng(80, 40), 'look.png')
    const response = await get(`/admin/asset/image-editor?id=${picture.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: picture.id,
      width: 80,
      height: 40,
      mimeType: 'image/png',
      focalPoint: null,
      imageUrl: `/admin/asset/get-image-thumbnail?id=${picture.id}&config=editor`,
    })
  })

  it('crops, rotates and flips into a new version and forgets the old thumbnails', async () => {
    const picture = await upload(folderId, await twoColourPng(200, 100), 'crop-me.png')
    const [before] = await t.database.db.select().from(assets).where(eq(assets.id, picture.id))
    const oldThumbnail = await get(`/admin/asset/get-image-thumbnail?id=${picture.id}&config=grid`)
    const oldKeys = await derivativeKeysOf(picture.id)

    const response = await t.app.inject({
      method: 'PUT',
      url: '/admin/asset/image-editor-save',
      headers: { cookie: adminCookie },
      payload: {
        id: picture.id,
        operations: [
          { type: 'crop', x: 50, y: 0, width: 50, height: 100 },
          { type: 'rotate', angle: 90 },
          { type: 'flip', direction: 'horizontal' },
        ],
      },
    })
    expect(response.statusCode).toBe(200)
    const saved = response.json<{ width: number; height: number; versionCount: number }>()
    // The right (blue) half, 100 × 100, turned a quarter.
    expect([saved.width, saved.height]).toEqual([100, 100])
    expect(saved.versionCount).toBeGreaterThan(before!.versionCount)

    const [after] = await t.database.db.select().from(assets).where(eq(assets.id, picture.id))
    expect(after!.storageKey).not.toBe(before!.storageKey)
    // The older version still has its file.
    expect(existsSync(join(t.dataDir, 'assets', before!.storageKey!))).toBe(true)
    const edited = await readFile(join(t.dataDir, 'assets', after!.storageKey!))
    const colour = await meanColour(edited)
    expect(colour.blue).toBeGreaterThan(180)
    expect(after!.checksum).toMatch(/^[0-9a-f]{64}$/)

    for (const key of oldKeys) expect(existsSync(join(t.dataDir, 'assets', key))).toBe(false)
    const newThumbnail = await get(`/admin/asset/get-image-thumbnail?id=${picture.id}&config=grid`)
    expect(newThumbnail.headers.etag).not.toBe(oldThumbnail.headers.etag)
    expect((await meanColour(newThumbnail.rawPayload)).blue).toBeGreaterThan(180)

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'asset.imageEditorSave'),
          eq(auditLog.entityId, String(picture.id)),
        ),
      )
    expect(audit).toHaveLength(1)
  })

  it('resizes to the asked size', async () => {
    const picture = await upload(folderId, await twoColourPng(60, 30), 'resize-me.png')
    const response = await t.app.inject({
      method: 'PUT',
      url: '/admin/asset/image-editor-save',
      headers: { cookie: adminCookie },
      payload: { id: picture.id, operations: [{ type: 'resize', width: 30, height: 45 }] },
    })
    expect(response.json()).toMatchObject({ width: 30, height: 45 })
  })

  it('refuses bad steps, too large a result and non-pictures, changing nothing', async () => {
    const picture = await upload(folderId, await twoColourPng(60, 30), 'keep-me.png')
    const [before] = await t.database.db.select().from(assets).where(eq(assets.id, picture.id))
    const save = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/asset/image-editor-save',
        headers: { cookie: adminCookie, 'accept-language': 'en' },
        payload: payload as Record<string, unknown>,
      })
    expect(
      (await save({ id: picture.id, operations: [{ type: 'rotate', angle: 45 }] })).statusCode,
    ).toBe(400)
    expect((await save({ id: picture.id, operations: [] })).statusCode).toBe(400)
    expect(
      (
        await save({
          id: picture.id,
          operations: [{ type: 'crop', x: 0, y: 0, width: 0, height: 10 }],
        })
      ).statusCode,
    ).toBe(400)
    const huge = await save({
      id: picture.id,
      operations: [{ type: 'resize', width: 10000, height: 10000 }],
    })
    expect(huge.statusCode).toBe(400)
    expect(huge.json()).toEqual({
      code: 'EDIT_TOO_LARGE',
      message: 'The edited picture would be too large (at most 50 megapixels).',
    })
    const notPicture = await save({ id: folderId, operations: [{ type: 'rotate', angle: 90 }] })
    expect(notPicture.statusCode).toBe(400)
    expect(
      (await save({ id: 999999, operations: [{ type: 'rotate', angle: 90 }] })).statusCode,
    ).toBe(404)
    const [after] = await t.database.db.select().from(assets).where(eq(assets.id, picture.id))
    expect(after).toEqual(before)
  })

  it('refuses a user who may view but not publish the picture', async () => {
    const picture = await upload(folderId, await twoColourPng(20, 10), 'view-only.png')
    const userId = await insertAdminUser(t.database.db, {
      username: 'thumbs-editor-viewer',
      permissions: ['assets'],
    })
    await t.database.db
      .insert(adminWorkspaces)
      .values({ userId, elementType: 'asset', path: '/', list: true, view: true })
    const cookie = await signIn(t.database.db, userId)
    expect((await get(`/admin/asset/image-editor?id=${picture.id}`, cookie)).statusCode).toBe(200)
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/admin/asset/image-editor-save',
      headers: { cookie },
      payload: { id: picture.id, operations: [{ type: 'rotate', angle: 90 }] },
    })
    expect(refused.statusCode).toBe(403)
  })
})
