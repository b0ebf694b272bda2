import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets } from '../../platform/db/schema/elements.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { elementVersions } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { mp4Header, pdfSaying, picture, sendFile } from '../../../test/kits/asset-files-test-kit.ts'

let t: TestApp
let admin: string
let noAssets: string
let rootId: number

interface Node {
  id: number
  key: string
  fullPath: string
  type: string
  mimeType: string
  width: number | null
}

async function addFolder(parentId: number, name: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-folder',
    headers: { cookie: admin },
    payload: { parentId, name },
  })
  return response.json<{ id: number }>().id
}

function get(url: string, cookie = admin) {
  return t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': 'en' } })
}

async function rowOf(id: number) {
  const [row] = await t.database.db.select().from(assets).where(eq(assets.id, id))
  return row!
}

beforeAll(async () => {
  t = await buildTestApp({ env: { ASSET_MAX_BYTES: String(300_000) } })
  admin = await signIn(
    t.database.db,
    await insertAdminUser(t.database.db, { username: 'upload-admin', isAdmin: true }),
  )
  noAssets = await signIn(
    t.database.db,
    await insertAdminUser(t.database.db, {
      username: 'upload-no-assets',
      permissions: ['objects'],
    }),
  )
  rootId = (await get('/admin/asset/tree-get-root')).json<{ id: number }>().id
})

afterAll(async () => {
  await t.close()
})

describe('every upload call refuses anonymous callers and users without the assets permission', () => {
  const calls = [
    ['POST', '/admin/asset/add-asset'],
    ['POST', '/admin/asset/add-asset-compatibility'],
    ['POST', '/admin/asset/replace-asset?id=1'],
    ['PUT', '/admin/asset/replace-asset?id=1'],
    ['GET', '/admin/asset/download?id=1'],
    ['GET', '/admin/asset/get-asset?id=1'],
    ['GET', '/admin/asset/get-text?id=1'],
    ['POST', '/admin/asset/tus/'],
  ] as const
  it.each(calls)('%s %s is registered: 401 anonymous, 403 without assets', async (method, url) => {
    const routePath = url.replace(/\?.*$/, '')
    expect(
      t.app.hasRoute({ method, url: routePath.endsWith('/') ? `${routePath}*` : routePath }),
    ).toBe(true)
    const anonymous = await t.app.inject({ method, url })
    expect(anonymous.statusCode).toBe(401)
    const refused = await t.app.inject({ method, url, headers: { cookie: noAssets } })
    expect(refused.statusCode).toBe(403)
  })
})

describe('add-asset', () => {
  it('stores a picture with its EXIF read into embeddedMetadata, a first version and an audit entry', async () => {
    const withExif = await sharp({
      create: { width: 20, height: 10, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Jana Novakova', Copyright: 'Optika 2026' } })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Brno"/></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer()
    const response = await sendFile(t, {
      url: '/admin/asset/add-asset',
      cookie: admin,
      content: withExif,
      filename: 'Brýle Ray Ban.jpg',
      fields: { parentId: String(rootId) },
    })
    expect(response.statusCode).toBe(200)
    const node = response.json<Node>()
    expect(node).toMatchObject({
      key: 'Bryle-Ray-Ban.jpg',
      type: 'image',
      mimeType: 'image/jpeg',
      width: 20,
    })
    const row = await rowOf(node.id)
    expect(row.embeddedMetadata).toMatchObject({
      ifd0: { Artist: 'Jana Novakova', Copyright: 'Optika 2026' },
      photoshop: { City: 'Brno' },
    })
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/)
    expect(row.userOwner).not.toBeNull()
    expect(row.versionCount).toBe(1)
    // The stored file carries no metadata any more (privacy): only the database keeps it.
    expect(
      (await sharp(join(t.dataDir, 'assets', row.storageKey!)).metadata()).exif,
    ).toBeUndefined()
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'asset.create'), eq(auditLog.entityId, String(node.id))))
    expect(audit).toHaveLength(1)
  })

  it('creates the relative folders of `dir` and reuses them on the next upload', async () => {
    const first = await sendFile(t, {
      url: '/admin/asset/add-asset',
      cookie: admin,
      content: await picture('png'),
      filename: 'a.png',
      fields: { parentId: String(rootId), dir: 'shoot/day 1' },
    })
    expect(first.statusCode).toBe(200)
    expect(first.json<Node>().fullPath).toBe('/shoot/day 1/a.png')
    const second = await sendFile(t, {
      url: `/admin/asset/add-asset?parentId=${rootId}&dir=shoot/day%201`,
      cookie: admin,
      content: await picture('png'),
      filename: 'b.png',
    })
    expect(second.json<Node>().fullPath).toBe('/shoot/day 1/b.png')
    const folders = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.key, 'day 1'), eq(assets.type, 'folder')))
    expect(folders).toHaveLength(1)
  })

  it('stores a PDF, a video, a CSV and a clean SVG as they are, typed by their bytes', async () => {
    const folder = await addFolder(rootId, 'kinds')
    const cases = [
      {
        content: pdfSaying('Hello PDF'),
        filename: 'leaflet.pdf',
        type: 'document',
        mime: 'application/pdf',
      },
      { content: mp4Header(), filename: 'clip.mp4', type: 'video', mime: 'video/mp4' },
      {
        content: Buffer.from('sku;price\nRB-1;1200\n'),
        filename: 'prices.csv',
        type: 'other',
        mime: 'text/csv',
      },
      {
        content: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="12"><rect width="10" height="12" fill="red"/></svg>',
        ),
        filename: 'logo.svg',
        type: 'image',
        mime: 'image/svg+xml',
      },
      // An unknown extension does not matter: the bytes decide (a PNG named .bin is a PNG).
      { content: await picture('png'), filename: 'photo.bin', type: 'image', mime: 'image/png' },
    ]
    for (const c of cases) {
      const response = await sendFile(t, {
        url: '/admin/asset/add-asset',
        cookie: admin,
        content: c.content,
        filename: c.filename,
        fields: { parentId: String(folder) },
        type: 'text/html',
      })
      expect(response.statusCode, c.filename).toBe(200)
      expect(response.json<Node>(), c.filename).toMatchObject({ type: c.type, mimeType: c.mime })
    }
    const svg = (await get(`/admin/asset/tree-get-children-by-id?node=${folder}`)).json<{
      nodes: Node[]
    }>()
    expect(svg.nodes.map((n) => n.key).sort()).toEqual(
      ['clip.mp4', 'leaflet.pdf', 'logo.svg', 'photo.png', 'prices.csv'].sort(),
    )
  })

  it("answers add-asset-compatibility in Pimcore's shape", async () => {
    const response = await sendFile(t, {
      url: '/admin/asset/add-asset-compatibility',
      cookie: admin,
      content: await picture('jpeg'),
      filename: 'compat.jpg',
      fields: { parentId: String(rootId) },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ success: true, fullpath: '/compat.jpg', type: 'image' })
  })

  it('needs the create right on the target folder', async () => {
    const closed = await addFolder(rootId, 'closed')
    const editorId = await insertAdminUser(t.database.db, {
      username: 'upload-editor',
      permissions: ['assets'],
    })
    const editor = await signIn(t.database.db, editorId)
    const response = await sendFile(t, {
      url: '/admin/asset/add-asset',
      cookie: editor,
      content: await picture('png'),
      filename: 'nope.png',
      fields: { parentId: String(closed) },
    })
    expect(response.statusCode).toBe(403)
    expect(
      await t.database.db.select().from(assets).where(eq(assets.key, 'nope.png')),
    ).toHaveLength(0)
  })
})

describe('download and get-asset', () => {
  it('serve the file with its sniffed type, nosniff, a safe disposition and a sandbox', async () => {
    const png = await picture('png')
    const node = (
      await sendFile(t, {
        url: '/admin/asset/add-asset',
        cookie: admin,
        content: png,
        filename: 'served.png',
        fields: { parentId: String(rootId) },
      })
    ).json<Node>()
    const download = await get(`/admin/asset/download?id=${node.id}`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/png')
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="served.png"; filename*=UTF-8''served.png`,
    )
    expect(download.headers['content-security-policy']).toContain('sandbox')
    expect((await sharp(download.rawPayload).metadata()).format).toBe('png')

    const shown = await get(`/admin/asset/get-asset?id=${node.id}`)
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['content-disposition']).toMatch(/^inline; /)
    expect(shown.headers.etag).toBe(`"${(await rowOf(node.id)).checksum}"`)
  })

  it('never shows an office document inline', async () => {
    const docx = await (
      await import('../../../test/kits/asset-files-test-kit.ts')
    ).zipOf({
      '[Content_Types].xml':
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<w:document/>',
    })
    const response = await sendFile(t, {
      url: '/admin/asset/add-asset',
      cookie: admin,
      content: docx,
      filename: 'offer.docx',
      fields: { parentId: String(rootId) },
    })
    expect(response.statusCode).toBe(200)
    const node = response.json<Node>()
    expect(node.type).toBe('document')
    const shown = await get(`/admin/asset/get-asset?id=${node.id}`)
    expect(shown.headers['content-disposition']).toMatch(/^attachment; /)
  })

  it('answers 404 for an unknown asset and 400 for a folder', async () => {
    expect((await get('/admin/asset/download?id=999999')).statusCode).toBe(404)
    const folder = await get(`/admin/asset/download?id=${rootId}`)
    expect(folder.statusCode).toBe(400)
    expect(folder.json()).toMatchObject({
      code: 'ASSET_IS_FOLDER',
      message: 'A folder has no file.',
    })
  })
})

describe('get-text', () => {
  it('reads a text file and a PDF, by page too, and refuses a picture with 415', async () => {
    const folder = await addFolder(rootId, 'texts')
    const upload = async (content: Buffer, filename: string) =>
      (
        await sendFile(t, {
          url: '/admin/asset/add-asset',
          cookie: admin,
          content,
          filename,
          fields: { parentId: String(folder) },
        })
      ).json<Node>()
    const text = await upload(Buffer.from('\uFEFFČočky a obruby\n'), 'notes.txt')
    expect((await get(`/admin/asset/get-text?id=${text.id}`)).json()).toEqual({
      success: true,
      text: 'Čočky a obruby\n',
      pages: null,
      truncated: false,
    })
    const pdf = await upload(pdfSaying('Lens catalogue 2026'), 'catalogue.pdf')
    const whole = await get(`/admin/asset/get-text?id=${pdf.id}`)
    expect(whole.statusCode).toBe(200)
    expect(whole.json()).toMatchObject({ success: true, pages: 1, truncated: false })
    expect(whole.json<{ text: string }>().text).toContain('Lens catalogue 2026')
    expect(
      (await get(`/admin/asset/get-text?id=${pdf.id}&page=1`)).json<{ text: string }>().text,
    ).toContain('Lens catalogue 2026')
    const beyond = await get(`/admin/asset/get-text?id=${pdf.id}&page=3`)
    expect(beyond.statusCode).toBe(400)
    expect(beyond.json<{ message: string }>().message).toBe(
      'There is no such page (the document has 1 pages).',
    )
    const image = await upload(await picture('png'), 'no-text.png')
    const refused = await get(`/admin/asset/get-text?id=${image.id}`)
    expect(refused.statusCode).toBe(415)
    expect(refused.json<{ message: string }>().message).toBe(
      'Text can only be read from text files and PDFs.',
    )
  })
})

describe('replace-asset', () => {
  it('replaces a picture by another (POST and PUT): new versions, renamed extension, old file kept for the versions', async () => {
    const folder = await addFolder(rootId, 'replaced')
    const node = (
      await sendFile(t, {
        url: '/admin/asset/add-asset',
        cookie: admin,
        content: await picture('png', 40, 30),
        filename: 'frame.png',
        fields: { parentId: String(folder) },
      })
    ).json<Node>()
    const before = await rowOf(node.id)
    // The shop has cached a size of the picture: replacing it drops that.
    expect((await get(`/media/thumbnail/${before.storageKey}`)).statusCode).toBe(200)
    const cached = join(
      t.dataDir,
      'cache',
      'media',
      'thumbnail',
      before.storageKey!.replace(/\.\w+$/, '.webp'),
    )
    expect(existsSync(cached)).toBe(true)

    const replaced = await sendFile(t, {
      url: `/admin/asset/replace-asset?id=${node.id}`,
      cookie: admin,
      content: await picture('jpeg', 60, 50),
      filename: 'whatever.jpg',
      fields: { note: 'new photo' },
    })
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json<Node>()).toMatchObject({
      id: node.id,
      key: 'frame.jpg',
      mimeType: 'image/jpeg',
      width: 60,
    })
    const after = await rowOf(node.id)
    expect(after.versionCount).toBe(2)
    expect(after.storageKey).not.toBe(before.storageKey)
    expect(existsSync(join(t.dataDir, 'assets', before.storageKey!))).toBe(true)
    expect(existsSync(cached)).toBe(false)
    const versions = await t.database.db
      .select()
      .from(elementVersions)
      .where(and(eq(elementVersions.elementType, 'asset'), eq(elementVersions.elementId, node.id)))
    expect(versions).toHaveLength(2)
    expect(versions.find((v) => v.versionCount === 2)?.note).toBe('new photo')

    const put = await sendFile(t, {
      method: 'PUT',
      url: `/admin/asset/replace-asset?id=${node.id}`,
      cookie: admin,
      content: await picture('jpeg', 70, 50),
      filename: 'again.jpg',
    })
    expect(put.statusCode).toBe(200)
    expect(put.json<Node>()).toMatchObject({ key: 'frame.jpg', width: 70 })
    expect((await rowOf(node.id)).versionCount).toBe(3)
    const download = await get(`/admin/asset/download?id=${node.id}`)
    expect((await sharp(download.rawPayload).metadata()).width).toBe(70)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'asset.replace'), eq(auditLog.entityId, String(node.id))))
    expect(audit).toHaveLength(2)
  })

  it('needs the publish right on the asset', async () => {
    const folder = await addFolder(rootId, 'read-only')
    const node = (
      await sendFile(t, {
        url: '/admin/asset/add-asset',
        cookie: admin,
        content: await picture('png'),
        filename: 'fixed.png',
        fields: { parentId: String(folder) },
      })
    ).json<Node>()
    const viewerId = await insertAdminUser(t.database.db, {
      username: 'upload-viewer',
      permissions: ['assets'],
    })
    const { adminWorkspaces } = await import('../../platform/db/schema/identity.ts')
    await t.database.db.insert(adminWorkspaces).values({
      userId: viewerId,
      elementType: 'asset',
      path: '/read-only',
      list: true,
      view: true,
    })
    const viewer = await signIn(t.database.db, viewerId)
    expect((await get(`/admin/asset/download?id=${node.id}`, viewer)).statusCode).toBe(200)
    const refused = await sendFile(t, {
      url: `/admin/asset/replace-asset?id=${node.id}`,
      cookie: viewer,
      content: await picture('png', 90, 90),
      filename: 'fixed.png',
    })
    expect(refused.statusCode).toBe(403)
    expect((await rowOf(node.id)).width).toBe(40)
  })
})

describe('resumable uploads (tus)', () => {
  function tus(method: string, url: string, headers: Record<string, string>, payload?: Buffer) {
    return t.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie: admin, 'tus-resumable': '1.0.0', 'accept-language': 'en', ...headers },
      ...(payload ? { payload } : {}),
    })
  }
  const meta = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',')

  it('creates the asset when the last chunk arrives and names it in Asset-Id', async () => {
    const content = await picture('png', 64, 48)
    const created = await tus('POST', '/admin/asset/tus/', {
      'upload-length': String(content.length),
      'upload-metadata': meta({ filename: 'large.png', parentId: String(rootId), dir: 'tus' }),
    })
    expect(created.statusCode).toBe(201)
    const location = created.headers.location as string
    expect(location).toMatch(/^\/admin\/asset\/tus\/[\w-]+$/)
    const half = Math.floor(content.length / 2)
    const first = await tus(
      'PATCH',
      location,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      content.subarray(0, half),
    )
    expect(first.statusCode).toBe(204)
    expect(first.headers['asset-id']).toBeUndefined()
    const head = await tus('HEAD', location, {})
    expect(head.headers['upload-offset']).toBe(String(half))
    const last = await tus(
      'PATCH',
      location,
      { 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      content.subarray(half),
    )
    expect(last.statusCode).toBe(204)
    const id = Number(last.headers['asset-id'])
    expect(id).toBeGreaterThan(0)
    expect(await rowOf(id)).toMatchObject({ key: 'large.png', path: '/tus/', width: 64 })
  })

  it("refuses a declared size over ASSET_MAX_BYTES, an empty file and another user's upload", async () => {
    const tooLarge = await tus('POST', '/admin/asset/tus/', {
      'upload-length': String(10_000_000),
      'upload-metadata': meta({ filename: 'big.mp4', parentId: String(rootId) }),
    })
    expect(tooLarge.statusCode).toBe(413)
    expect(JSON.parse(tooLarge.body)).toMatchObject({ code: 'FILE_TOO_LARGE' })
    const empty = await tus('POST', '/admin/asset/tus/', {
      'upload-length': '0',
      'upload-metadata': meta({ filename: 'empty.png', parentId: String(rootId) }),
    })
    expect(empty.statusCode).toBe(400)
    const created = await tus('POST', '/admin/asset/tus/', {
      'upload-length': '10',
      'upload-metadata': meta({ filename: 'mine.txt', parentId: String(rootId) }),
    })
    const otherId = await insertAdminUser(t.database.db, {
      username: 'tus-other',
      permissions: ['assets'],
    })
    const other = await signIn(t.database.db, otherId)
    const stolen = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        cookie: other,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('0123456789'),
    })
    expect(stolen.statusCode).toBe(404)
  })
})
