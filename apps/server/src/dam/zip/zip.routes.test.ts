import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import { and, eq, like } from 'drizzle-orm'
import sharp from 'sharp'
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets } from '../../platform/db/schema/elements.ts'
import { adminWorkspaces, auditLog } from '../../platform/db/schema/identity.ts'
import { jobs } from '../../platform/db/schema/pim.ts'
import { createLocalAssetStore } from '../assets/asset-store.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { waitFor } from '../../../test/kits/wait-for.ts'

let t: TestApp
let adminCookie: string
let rootId: number

// ── A zip writer of our own: the hostile corpus needs archives no honest tool would write ──

interface RawEntry {
  readonly name: string
  readonly data?: Buffer
  /** 0 stored, 8 deflated (default: deflated). */
  readonly method?: 0 | 8
  readonly flags?: number
  readonly versionMadeBy?: number
  readonly externalAttributes?: number
  /** Lie about the unpacked size (the central directory and the local header). */
  readonly declaredSize?: number
  /** Write these bytes as the entry's data instead of packing `data`. */
  readonly rawData?: Buffer
  /** Point the central record at another entry's local header (an overlapping bomb). */
  readonly sameOffsetAs?: number
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2)
  buffer.writeUInt16LE(value)
  return buffer
}
function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32LE(value >>> 0)
  return buffer
}

/** A zip archive of the entries exactly as described (names, flags and sizes unchecked). */
function rawZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  const offsets: number[] = []
  let offset = 0
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0)
    const method = entry.method ?? 8
    const packed = entry.rawData ?? (method === 8 ? deflateRawSync(data) : data)
    const name = Buffer.from(entry.name, 'utf8')
    const size = entry.declaredSize ?? data.length
    const crc = crc32(data)
    const flags = (entry.flags ?? 0) | 0x800
    const fields = [u16(flags), u16(method), u16(0), u16(0x21), u32(crc), u32(packed.length)]
    const localOffset = entry.sameOffsetAs === undefined ? offset : offsets[entry.sameOffsetAs]!
    offsets.push(localOffset)
    if (entry.sameOffsetAs === undefined) {
      const local = Buffer.concat([
        u32(0x04034b50),
        u16(20),
        ...fields,
        u32(size),
        u16(name.length),
        u16(0),
        name,
        packed,
      ])
      locals.push(local)
      offset += local.length
    }
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(entry.versionMadeBy ?? 20),
        u16(20),
        ...fields,
        u32(size),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(entry.externalAttributes ?? 0),
        u32(localOffset),
        name,
      ]),
    )
  }
  const central = Buffer.concat(centrals)
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ])
  return Buffer.concat([...locals, central, end])
}

/** A small PNG of one colour, so that each test picture has its own bytes. */
function picture(red: number, width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 90, b: 40 } } })
    .png()
    .toBuffer()
}

// ── Calls ──

function importZip(cookie: string, parentId: number, archive: Buffer, filename = 'upload.zip') {
  const form = new FormData()
  form.append('parentId', String(parentId))
  form.append('file', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), filename)
  return t.app.inject({
    method: 'POST',
    url: '/admin/asset/import-zip',
    headers: { cookie, 'accept-language': 'en' },
    payload: form,
  })
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

async function upload(parentId: number, content: Buffer, filename: string): Promise<number> {
  const form = new FormData()
  form.append('parentId', String(parentId))
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), filename)
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-asset',
    headers: { cookie: adminCookie },
    payload: form,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ id: number }>().id
}

interface JobAnswer {
  status: string
  done: number
  total: number
  percent: number
  result: Record<string, unknown> | null
  error: string | null
}

/** Waits for the job, then answers it as `import-zip-files` / `download-as-zip-add-files` do. */
async function finishedJob(jobId: string, kind: 'import' | 'export'): Promise<JobAnswer> {
  await waitForJobRow(t.database.db, jobId)
  const response =
    kind === 'import'
      ? await t.app.inject({
          method: 'POST',
          url: '/admin/asset/import-zip-files',
          headers: { cookie: adminCookie, 'accept-language': 'en' },
          payload: { jobId },
        })
      : await t.app.inject({
          method: 'GET',
          url: `/admin/asset/download-as-zip-add-files?jobId=${jobId}`,
          headers: { cookie: adminCookie, 'accept-language': 'en' },
        })
  expect(response.statusCode).toBe(200)
  return response.json<JobAnswer>()
}

/** Every file under DATA_DIR/assets (the store), jobs' files included. */
function storedFiles(): string[] {
  const root = join(t.dataDir, 'assets')
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
    )
  try {
    return walk(root).sort()
  } catch {
    return []
  }
}

async function assetCount(): Promise<number> {
  return (await t.database.db.select({ id: assets.id }).from(assets)).length
}

/** The tree below a folder as 'relative/path' → bytes ('' for folders), read from the store. */
async function treeOf(folderId: number): Promise<Map<string, string>> {
  const [folder] = await t.database.db.select().from(assets).where(eq(assets.id, folderId))
  const base = `${folder!.path}${folder!.key}/`
  const rows = await t.database.db
    .select()
    .from(assets)
    .where(like(assets.path, `${base}%`))
  return new Map(
    rows.map((row) => [
      `${row.path}${row.key}`.slice(base.length),
      row.storageKey
        ? readFileSync(join(t.dataDir, 'assets', row.storageKey)).toString('base64')
        : '',
    ]),
  )
}

/** The entries of a zip the server sent: name → bytes. */
async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true })
  const entries = new Map<string, Buffer>()
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = []
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    entries.set(entry.fileName, Buffer.concat(chunks))
  }
  return entries
}

async function exportZip(cookie: string, query: string) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/admin/asset/download-as-zip-jobs?${query}`,
    headers: { cookie, 'accept-language': 'en' },
  })
  return start
}

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      ASSET_MAX_BYTES: String(2_000_000),
      ASSET_ZIP_MAX_UPLOAD_BYTES: String(3 * 1024 * 1024),
      ASSET_ZIP_MAX_FILES: '20',
      ASSET_ZIP_MAX_BYTES: String(1.5 * 1024 * 1024),
      ASSET_ZIP_MAX_RATIO: '100',
      ASSET_ZIP_EXPORT_MAX_FILES: '6',
    },
  })
  const adminId = await insertAdminUser(t.database.db, { username: 'zip-admin', isAdmin: true })
  adminCookie = await signIn(t.database.db, adminId)
  const root = await t.app.inject({
    method: 'GET',
    url: '/admin/asset/tree-get-root',
    headers: { cookie: adminCookie },
  })
  rootId = root.json<{ id: number }>().id
})

afterAll(async () => {
  await t.close()
})

describe('zip calls and rights', () => {
  const someJob = '00000000-0000-4000-8000-000000000000'
  const calls = [
    { method: 'POST', url: '/admin/asset/import-zip', payload: undefined },
    { method: 'POST', url: '/admin/asset/import-zip-files', payload: { jobId: someJob } },
    { method: 'GET', url: '/admin/asset/download-as-zip-jobs?id=1', payload: undefined },
    {
      method: 'GET',
      url: `/admin/asset/download-as-zip-add-files?jobId=${someJob}`,
      payload: undefined,
    },
    { method: 'GET', url: `/admin/asset/download-as-zip?jobId=${someJob}`, payload: undefined },
  ] as const

  it('registers the five zip calls, refuses anonymous callers (401) and callers without the assets permission (403)', async () => {
    const noAssets = await signIn(
      t.database.db,
      await insertAdminUser(t.database.db, { username: 'zip-no-assets', permissions: ['objects'] }),
    )
    for (const call of calls) {
      const url = call.url.split('?')[0]!
      expect(t.app.hasRoute({ method: call.method, url }), `${call.method} ${url}`).toBe(true)
      const anonymous = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
      })
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401)
      const forbidden = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: { cookie: noAssets },
        payload: call.payload,
      })
      expect(forbidden.statusCode, `${call.method} ${call.url}`).toBe(403)
    }
  })

  it('needs the create right on the target folder to import, and the view right to download', async () => {
    const open = await addFolder(rootId, 'zip-open')
    const closed = await addFolder(rootId, 'zip-closed')
    await upload(closed, await picture(10), 'secret.png')
    const userId = await insertAdminUser(t.database.db, {
      username: 'zip-editor',
      permissions: ['assets'],
    })
    await t.database.db.insert(adminWorkspaces).values([
      { userId, elementType: 'asset', path: '/zip-open', list: true, view: true, create: true },
      { userId, elementType: 'asset', path: '/zip-closed', list: true, view: false },
    ])
    const editor = await signIn(t.database.db, userId)
    const archive = rawZip([{ name: 'a.png', data: await picture(20) }])

    const refused = await importZip(editor, closed, archive)
    expect(refused.statusCode).toBe(403)
    expect((await exportZip(editor, `id=${closed}`)).statusCode).toBe(403)

    const accepted = await importZip(editor, open, archive)
    expect(accepted.statusCode).toBe(200)
    await waitForJobRow(t.database.db, accepted.json<{ jobId: string }>().jobId)
    // Another user's job is not theirs to read.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/admin/asset/import-zip-files',
      headers: { cookie: adminCookie },
      payload: accepted.json(),
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('zip import', () => {
  it('imports files into folders created as needed, names sanitized and unique, with an audit entry', async () => {
    const target = await addFolder(rootId, 'zip-import')
    await upload(target, await picture(1), 'same.png')
    const archive = rawZip([
      { name: 'same.png', data: await picture(2) },
      { name: 'Brýle 2024/Čočka Ray Ban!.png', data: await picture(3) },
      { name: 'Brýle 2024/deep/down.png', data: await picture(4), method: 0 },
      { name: 'empty folder/' },
      { name: '__MACOSX/._same.png', data: Buffer.from('resource fork') },
    ])
    const started = await importZip(adminCookie, target, archive)
    expect(started.statusCode).toBe(200)
    const job = await finishedJob(started.json<{ jobId: string }>().jobId, 'import')
    expect(job).toMatchObject({
      status: 'done',
      percent: 100,
      result: { created: 3, folders: 3, failed: 0, errors: [] },
    })
    const tree = await treeOf(target)
    expect([...tree.keys()].sort()).toEqual([
      'Brýle 2024',
      'Brýle 2024/Cocka-Ray-Ban.png',
      'Brýle 2024/deep',
      'Brýle 2024/deep/down.png',
      'empty folder',
      'same.png',
      'same_1.png',
    ])
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'asset.importZip'), eq(auditLog.entityId, String(target))))
    expect(audit?.after).toMatchObject({ created: 3, folders: 3 })
  })

  it('lists a file the upload refuses (an empty one) and imports the rest; a nested zip is not expanded', async () => {
    const target = await addFolder(rootId, 'zip-mixed')
    const inner = rawZip([{ name: 'inner.png', data: await picture(5) }])
    const started = await importZip(
      adminCookie,
      target,
      rawZip([
        { name: 'good.png', data: await picture(6) },
        { name: 'empty.png', data: Buffer.alloc(0) },
        { name: 'inner.zip', data: inner, method: 0 },
      ]),
    )
    const job = await finishedJob(started.json<{ jobId: string }>().jobId, 'import')
    expect(job.status).toBe('done')
    expect(job.result).toMatchObject({ created: expect.any(Number) as number })
    const errors = (job.result as { errors: { name: string; message: string }[] }).errors
    expect(errors).toContainEqual({ name: 'empty.png', message: 'The file is empty.' })
    const keys = [...(await treeOf(target)).keys()]
    expect(keys).toContain('good.png')
    // Whatever the upload makes of the inner archive, its content is never unpacked.
    expect(keys.some((key) => key.includes('inner.png'))).toBe(false)
  })

  const hostile: {
    readonly what: string
    readonly archive: () => Promise<Buffer>
    readonly status: number
    readonly message: string | RegExp
  }[] = [
    {
      what: 'a zip slip (..)',
      archive: async () =>
        rawZip([
          { name: 'ok.png', data: await picture(7) },
          { name: 'photos/../../evil.png', data: await picture(8) },
        ]),
      status: 400,
      message:
        'The archive was refused: the entry “photos/../../evil.png” points outside its folder (“..”, an absolute path or a backslash). Nothing was imported.',
    },
    {
      what: 'an absolute path',
      archive: async () => rawZip([{ name: '/etc/evil.png', data: await picture(8) }]),
      status: 400,
      message: /“\/etc\/evil\.png” points outside its folder/,
    },
    {
      what: 'a drive letter',
      archive: async () => rawZip([{ name: 'C:/evil.png', data: await picture(8) }]),
      status: 400,
      message: /“C:\/evil\.png” points outside its folder/,
    },
    {
      what: 'a backslash',
      archive: async () => rawZip([{ name: '..\\evil.png', data: await picture(8) }]),
      status: 400,
      message: /points outside its folder/,
    },
    {
      what: 'a symbolic link',
      archive: async () =>
        rawZip([
          { name: 'ok.png', data: await picture(7) },
          {
            name: 'link.png',
            data: Buffer.from('/etc/passwd'),
            method: 0,
            versionMadeBy: (3 << 8) | 20,
            externalAttributes: 0o120777 << 16,
          },
        ]),
      status: 400,
      message:
        'The archive was refused: the entry “link.png” is a symbolic link. Nothing was imported.',
    },
    {
      what: 'an encrypted entry',
      archive: () =>
        Promise.resolve(
          rawZip([
            {
              name: 'secret.png',
              data: Buffer.alloc(10),
              rawData: randomBytes(22),
              method: 0,
              flags: 0x1,
            },
          ]),
        ),
      status: 400,
      message: /“secret\.png” is encrypted/,
    },
    {
      what: 'a bomb by ratio',
      archive: () =>
        Promise.resolve(rawZip([{ name: 'bomb.png', data: Buffer.alloc(20 * 1024 * 1024) }])),
      status: 400,
      message:
        'The archive was refused: it is compressed suspiciously well (a zip bomb). Nothing was imported.',
    },
    {
      what: 'a bomb of overlapping entries',
      archive: async () =>
        rawZip([
          { name: 'a.png', data: await picture(9) },
          { name: 'b.png', data: await picture(9), sameOffsetAs: 0 },
        ]),
      status: 400,
      message: /zip bomb/,
    },
    {
      what: 'too many files',
      archive: async () => {
        const png = await picture(11)
        return rawZip(Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.png`, data: png })))
      },
      status: 400,
      message:
        'The archive was refused: it holds more than 20 files and folders. Nothing was imported.',
    },
    {
      what: 'too many bytes',
      archive: () =>
        Promise.resolve(
          rawZip([
            { name: 'a.bin', data: randomBytes(1024 * 1024), method: 0 },
            { name: 'b.bin', data: randomBytes(1024 * 1024), method: 0 },
          ]),
        ),
      status: 400,
      message:
        'The archive was refused: its files would take more than 1 MB once unpacked. Nothing was imported.',
    },
    {
      what: 'a corrupt archive (truncated)',
      archive: async () => {
        const whole = rawZip([{ name: 'a.png', data: await picture(12) }])
        return whole.subarray(0, whole.length - 10)
      },
      status: 400,
      message: 'The file is not a zip archive, or the archive is damaged. Nothing was imported.',
    },
    {
      what: 'an empty archive',
      archive: () => Promise.resolve(rawZip([])),
      status: 400,
      message: 'The archive contains no files.',
    },
    {
      what: 'an archive of folders only',
      archive: () => Promise.resolve(rawZip([{ name: 'a/' }, { name: 'a/b/' }])),
      status: 400,
      message: 'The archive contains no files.',
    },
    {
      what: 'a file that is not a zip',
      archive: () => picture(13),
      status: 400,
      message: /not a zip archive/,
    },
    {
      what: 'an archive over ASSET_ZIP_MAX_UPLOAD_BYTES',
      archive: () =>
        Promise.resolve(rawZip([{ name: 'big.bin', data: randomBytes(3_300_000), method: 0 }])),
      status: 413,
      message: 'The archive is too large (at most 3 MB).',
    },
  ]

  for (const item of hostile) {
    it(`refuses ${item.what} with a translated ${item.status} and stores nothing`, async () => {
      const target = await addFolder(rootId, `hostile ${item.what}`)
      const assetsBefore = await assetCount()
      const filesBefore = storedFiles()
      const response = await importZip(adminCookie, target, await item.archive())
      expect(response.statusCode).toBe(item.status)
      const { message } = response.json<{ message: string }>()
      if (typeof item.message === 'string') expect(message).toBe(item.message)
      else expect(message).toMatch(item.message)
      expect(await assetCount()).toBe(assetsBefore)
      expect(storedFiles()).toEqual(filesBefore)
    })
  }

  it('fails the job and takes back what it stored when an entry unpacks to more than its header says', async () => {
    const target = await addFolder(rootId, 'zip-liar')
    const assetsBefore = await assetCount()
    const filesBefore = storedFiles()
    const archive = rawZip([
      { name: 'first.png', data: await picture(14) },
      { name: 'sub/second.png', data: await picture(15) },
      // Declares 100 bytes, inflates to 1 MB of noise-free zeros.
      {
        name: 'sub/liar.png',
        rawData: deflateRawSync(Buffer.alloc(1024 * 1024)),
        declaredSize: 100,
      },
    ])
    const started = await importZip(adminCookie, target, archive)
    expect(started.statusCode).toBe(200)
    const job = await finishedJob(started.json<{ jobId: string }>().jobId, 'import')
    expect(job).toMatchObject({
      status: 'failed',
      error:
        'The archive is damaged: the entry “sub/liar.png” cannot be read. Nothing was imported.',
    })
    expect(await assetCount()).toBe(assetsBefore)
    expect(storedFiles()).toEqual(filesBefore)
  })

  it('fails the job and stores nothing when an entry’s data is not valid deflate', async () => {
    const target = await addFolder(rootId, 'zip-garbage')
    const assetsBefore = await assetCount()
    const filesBefore = storedFiles()
    const archive = rawZip([
      { name: 'first.png', data: await picture(16) },
      { name: 'broken.png', data: Buffer.alloc(64, 7), rawData: randomBytes(64) },
    ])
    const started = await importZip(adminCookie, target, archive)
    const job = await finishedJob(started.json<{ jobId: string }>().jobId, 'import')
    expect(job.status).toBe('failed')
    expect(job.error).toContain('“broken.png” cannot be read')
    expect(await assetCount()).toBe(assetsBefore)
    expect(storedFiles()).toEqual(filesBefore)
  })
})

describe('download as zip', () => {
  it('round trip: a folder exported as zip and imported elsewhere gives the same tree and bytes', async () => {
    const source = await addFolder(rootId, 'zip-trip')
    const sub = await addFolder(source, 'Sluneční brýle')
    await addFolder(source, 'empty')
    await upload(source, await picture(30), 'one.png')
    await upload(sub, await picture(31), 'two.png')
    await upload(sub, await picture(32, 40, 40), 'three.png')

    const start = await exportZip(adminCookie, `id=${source}`)
    expect(start.statusCode).toBe(200)
    const { jobId } = start.json<{ jobId: string }>()
    const job = await finishedJob(jobId, 'export')
    expect(job).toMatchObject({
      status: 'done',
      percent: 100,
      result: { files: 3, folders: 2, fileName: 'zip-trip.zip' },
    })

    const download = await t.app.inject({
      method: 'GET',
      url: `/admin/asset/download-as-zip?jobId=${jobId}`,
      headers: { cookie: adminCookie },
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/zip')
    expect(download.headers['content-disposition']).toContain('filename="zip-trip.zip"')
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length)
    const entries = await unzip(download.rawPayload)
    expect([...entries.keys()].sort()).toEqual([
      'Sluneční brýle/',
      'Sluneční brýle/three.png',
      'Sluneční brýle/two.png',
      'empty/',
      'one.png',
    ])

    const copy = await addFolder(rootId, 'zip-trip-copy')
    const imported = await importZip(adminCookie, copy, download.rawPayload, 'zip-trip.zip')
    expect(imported.statusCode).toBe(200)
    const importJob = await finishedJob(imported.json<{ jobId: string }>().jobId, 'import')
    expect(importJob).toMatchObject({ status: 'done', result: { created: 3, failed: 0 } })
    expect(await treeOf(copy)).toEqual(await treeOf(source))
  })

  it('zips only the selected assets and folders inside the chosen folder', async () => {
    const source = await addFolder(rootId, 'zip-pick')
    const kept = await addFolder(source, 'kept')
    await upload(kept, await picture(40), 'in-kept.png')
    const single = await upload(source, await picture(41), 'single.png')
    await upload(source, await picture(42), 'left-out.png')
    const outside = await upload(rootId, await picture(43), 'outside.png')

    const start = await exportZip(
      adminCookie,
      `id=${source}&selectedIds=${kept},${single},${outside}`,
    )
    const { jobId } = start.json<{ jobId: string }>()
    expect((await finishedJob(jobId, 'export')).status).toBe('done')
    const download = await t.app.inject({
      method: 'GET',
      url: `/admin/asset/download-as-zip?jobId=${jobId}`,
      headers: { cookie: adminCookie },
    })
    expect([...(await unzip(download.rawPayload)).keys()].sort()).toEqual([
      'kept/',
      'kept/in-kept.png',
      'single.png',
    ])
  })

  it('fails a download of more than ASSET_ZIP_EXPORT_MAX_FILES files with a translated message', async () => {
    const source = await addFolder(rootId, 'zip-many')
    const png = await picture(50)
    for (let i = 0; i < 7; i += 1) await upload(source, png, `p${i}.png`)
    const { jobId } = (await exportZip(adminCookie, `id=${source}`)).json<{ jobId: string }>()
    const job = await finishedJob(jobId, 'export')
    expect(job).toMatchObject({
      status: 'failed',
      error: 'The selection holds more than 6 files. Choose fewer to download as zip.',
    })
    const download = await t.app.inject({
      method: 'GET',
      url: `/admin/asset/download-as-zip?jobId=${jobId}`,
      headers: { cookie: adminCookie, 'accept-language': 'en' },
    })
    expect(download.statusCode).toBe(409)
    expect(download.json()).toMatchObject({ code: 'ZIP_NOT_READY' })
  })

  it('answers 404 for an unknown asset or job and 400 for a malformed id', async () => {
    expect((await exportZip(adminCookie, 'id=99999999')).statusCode).toBe(404)
    expect((await exportZip(adminCookie, 'id=abc')).statusCode).toBe(400)
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/admin/asset/download-as-zip?jobId=00000000-0000-4000-8000-000000000000',
      headers: { cookie: adminCookie },
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('zip import run again', () => {
  it('takes back what an earlier run of the same job stored, so a retry leaves no duplicates', async () => {
    const target = await addFolder(rootId, 'zip-again')
    const archive = rawZip([
      { name: 'one.png', data: await picture(60) },
      { name: 'sub/two.png', data: await picture(61) },
    ])
    const started = await importZip(adminCookie, target, archive)
    const { jobId } = started.json<{ jobId: string }>()
    expect((await finishedJob(jobId, 'import')).status).toBe('done')
    const first = await treeOf(target)

    // The queue runs the job again (as after a process died mid-job): same archive, same row.
    const archiveFile = join(t.dataDir, 'upload-again.zip')
    writeFileSync(archiveFile, archive)
    await createLocalAssetStore(join(t.dataDir, 'assets')).putFile(
      `jobs/${jobId}/import.zip`,
      archiveFile,
      'application/zip',
    )
    await t.database.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.id, jobId))
    await t.jobs.send('asset.import-zip', { jobId })
    await waitFor('the job to run again', async () => {
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobId))
      return row?.status === 'done' ? row : undefined
    })
    const again = await treeOf(target)
    expect([...again.keys()].sort()).toEqual(['one.png', 'sub', 'sub/two.png'])
    expect([...again.values()].sort()).toEqual([...first.values()].sort())
  })
})
