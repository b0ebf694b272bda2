import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets } from '../../platform/db/schema/elements.ts'
import { adminWorkspaces } from '../../platform/db/schema/identity.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'

let t: TestApp
let adminCookie: string
let rootId: number

/** A small picture of the given format, made here so the test owns its input. */
function picture(format: 'png' | 'jpeg', width = 40, height = 30): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer()
}

/** A valid PNG header claiming huge dimensions, with a tiny body: decoding it would exhaust memory. */
function hugePngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function upload(
  cookie: string,
  parentId: number,
  content: Buffer,
  filename: string,
  type = 'image/jpeg',
) {
  const form = new FormData()
  form.append('parentId', String(parentId))
  form.append('file', new Blob([new Uint8Array(content)], { type }), filename)
  return t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-asset',
    headers: { cookie, 'accept-language': 'en' },
    payload: form,
  })
}

async function addFolder(cookie: string, parentId: number, name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-folder',
    headers: { cookie },
    payload: { parentId, name },
  })
  return response
}

beforeAll(async () => {
  t = await buildTestApp({ env: { ASSET_MAX_BYTES: String(200_000) } })
  const adminId = await insertAdminUser(t.database.db, { username: 'asset-admin', isAdmin: true })
  adminCookie = await signIn(t.database.db, adminId)
  const root = await t.app.inject({
    method: 'GET',
    url: '/admin/asset/tree-get-root',
    headers: { cookie: adminCookie },
  })
  expect(root.statusCode).toBe(200)
  rootId = root.json<{ id: number }>().id
})

afterAll(async () => {
  await t.close()
})

describe('asset upload', () => {
  it('stores a PNG re-encoded under a sanitized key in the folder and serves its thumbnail', async () => {
    const folder = (await addFolder(adminCookie, rootId, 'uploads')).json<{ id: number }>()
    const response = await upload(
      adminCookie,
      folder.id,
      await picture('png'),
      'Čočka Ray Ban!.png',
      'image/png',
    )
    expect(response.statusCode).toBe(200)
    const asset = response.json<{
      id: number
      key: string
      fullPath: string
      width: number
      mimeType: string
      thumbnail: string
    }>()
    expect(asset).toMatchObject({
      key: 'Cocka-Ray-Ban.png',
      fullPath: '/uploads/Cocka-Ray-Ban.png',
      width: 40,
      mimeType: 'image/png',
    })
    expect(existsSync(join(t.dataDir, 'assets', 'uploads', 'Cocka-Ray-Ban.png'))).toBe(true)

    const thumbnail = await t.app.inject({ method: 'GET', url: asset.thumbnail })
    expect(thumbnail.statusCode).toBe(200)
    expect(thumbnail.headers['content-type']).toBe('image/webp')

    const adminThumbnail = await t.app.inject({
      method: 'GET',
      url: `/admin/asset/get-image-thumbnail?id=${asset.id}`,
      headers: { cookie: adminCookie },
    })
    expect(adminThumbnail.statusCode).toBe(200)
    expect(adminThumbnail.headers['content-type']).toBe('image/webp')
  })

  it('makes a second upload of the same name unique in the folder', async () => {
    const folder = (await addFolder(adminCookie, rootId, 'twins')).json<{ id: number }>()
    const jpeg = await picture('jpeg')
    const first = await upload(adminCookie, folder.id, jpeg, 'frame.jpg')
    const second = await upload(adminCookie, folder.id, jpeg, 'frame.jpeg')
    expect(first.json<{ key: string }>().key).toBe('frame.jpg')
    expect(second.json<{ key: string }>().key).toBe('frame_1.jpg')
    const children = await t.app.inject({
      method: 'GET',
      url: `/admin/asset/tree-get-children-by-id?node=${folder.id}&limit=1`,
      headers: { cookie: adminCookie },
    })
    expect(children.json()).toMatchObject({ total: 2, nodes: [{ key: 'frame.jpg' }] })
  })

  it('strips EXIF metadata from a JPEG', async () => {
    const withExif = await sharp({
      create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Jane' } })
      .toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeDefined()
    const response = await upload(adminCookie, rootId, withExif, 'exif.jpg')
    expect(response.statusCode).toBe(200)
    const [row] = await t.database.db
      .select()
      .from(assets)
      .where(eq(assets.id, response.json<{ id: number }>().id))
    const stored = await sharp(join(t.dataDir, 'assets', row!.storageKey!)).metadata()
    expect(stored.format).toBe('jpeg')
    expect(stored.exif).toBeUndefined()
  })

  it('refuses a file over ASSET_MAX_BYTES with 413 and a translated message', async () => {
    const noise = await sharp(
      Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 400, height: 400, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noise.length).toBeGreaterThan(200_000)
    const response = await upload(adminCookie, rootId, noise, 'big.png', 'image/png')
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is too large (at most 195 KB).',
    })
  })

  it('refuses a text file named .jpg with 415, whatever the client claims', async () => {
    const response = await upload(
      adminCookie,
      rootId,
      Buffer.from('hello, not a picture'),
      'photo.jpg',
    )
    expect(response.statusCode).toBe(415)
    expect(response.json<{ message: string }>().message).toContain('not a supported picture')
    const rows = await t.database.db.select().from(assets).where(eq(assets.key, 'photo.jpg'))
    expect(rows).toHaveLength(0)
  })

  it('refuses a picture of more than 50 megapixels before decoding it', async () => {
    const response = await upload(
      adminCookie,
      rootId,
      hugePngHeader(30_000, 30_000),
      'huge.png',
      'image/png',
    )
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' })
  })
})

describe('asset rights', () => {
  it('needs the assets permission and the create right on the folder', async () => {
    const jpeg = await picture('jpeg')
    const noKey = await insertAdminUser(t.database.db, {
      username: 'no-assets',
      permissions: ['objects'],
    })
    expect(
      (await upload(await signIn(t.database.db, noKey), rootId, jpeg, 'a.jpg')).statusCode,
    ).toBe(403)
    expect((await upload('', rootId, jpeg, 'anonymous.jpg')).statusCode).toBe(401)

    const allowed = (await addFolder(adminCookie, rootId, 'allowed')).json<{ id: number }>()
    const other = (await addFolder(adminCookie, rootId, 'other')).json<{ id: number }>()
    const editorId = await insertAdminUser(t.database.db, {
      username: 'asset-editor',
      permissions: ['assets'],
    })
    await t.database.db.insert(adminWorkspaces).values({
      userId: editorId,
      elementType: 'asset',
      path: '/allowed',
      list: true,
      view: true,
      create: true,
    })
    const editor = await signIn(t.database.db, editorId)
    expect((await upload(editor, allowed.id, jpeg, 'ok.jpg')).statusCode).toBe(200)
    const refused = await upload(editor, other.id, jpeg, 'no.jpg')
    expect(refused.statusCode).toBe(403)
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/asset/tree-get-root' })).statusCode,
    ).toBe(401)
  })
})

describe('asset delete', () => {
  it('refuses with 409 while an object requires the asset, then moves it to the bin, keeping the file', async () => {
    const response = await upload(
      adminCookie,
      rootId,
      await picture('png'),
      'used.png',
      'image/png',
    )
    const asset = response.json<{ id: number; thumbnail: string }>()
    await t.database.db.insert(elementDependencies).values({
      sourceType: 'object',
      sourceId: 77,
      targetType: 'asset',
      targetId: asset.id,
    })
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/admin/asset/delete?id=${asset.id}`,
        headers: { cookie: adminCookie, 'accept-language': 'en' },
      })
    const refused = await del()
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'ASSET_IN_USE',
      message: 'The asset cannot be deleted: object 77 uses it.',
    })
    expect(existsSync(join(t.dataDir, 'assets', 'used.png'))).toBe(true)

    await t.database.db
      .delete(elementDependencies)
      .where(eq(elementDependencies.targetId, asset.id))
    const deleted = await del()
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toMatchObject({ success: true, deleted: 1 })
    expect(await t.database.db.select().from(assets).where(eq(assets.id, asset.id))).toHaveLength(0)
    // The file stays for a restore from the recycle bin.
    expect(existsSync(join(t.dataDir, 'assets', 'used.png'))).toBe(true)
  })

  it('refuses a folder whose content is in use', async () => {
    const folder = (await addFolder(adminCookie, rootId, 'kept')).json<{ id: number }>()
    const inner = (await upload(adminCookie, folder.id, await picture('jpeg'), 'in.jpg')).json<{
      id: number
    }>()
    await t.database.db
      .insert(elementDependencies)
      .values({ sourceType: 'object', sourceId: 5, targetType: 'asset', targetId: inner.id })
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/admin/asset/delete?id=${folder.id}`,
      headers: { cookie: adminCookie },
    })
    expect(response.statusCode).toBe(409)
    expect(await t.database.db.select().from(assets).where(eq(assets.id, folder.id))).toHaveLength(
      1,
    )
  })
})
