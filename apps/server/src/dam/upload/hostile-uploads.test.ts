import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets } from '../../platform/db/schema/elements.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import {
  mp4Header,
  pdfSaying,
  picture,
  pixelFloodPng,
  pngWithHtmlChunk,
  sendFile,
  zipOf,
} from '../../../test/kits/asset-files-test-kit.ts'

/**
 * The hostile corpus: every file here must be refused with a translated 4xx and leave nothing
 * behind — no asset row, no file in the store, no temporary file.
 */

const MAX_BYTES = 200_000
let t: TestApp
let admin: string
let rootId: number
let folderId: number

/** Every file under a directory, recursively (relative paths). */
function filesUnder(directory: string, prefix = ''): string[] {
  let entries: string[]
  try {
    entries = readdirSync(directory)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const full = join(directory, name)
    return statSync(full).isDirectory()
      ? filesUnder(full, `${prefix}${name}/`)
      : [`${prefix}${name}`]
  })
}

/** What exists now: asset rows, stored files, files waiting in the upload folders. */
async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(assets)
  return {
    rows: rows!.n,
    files: filesUnder(join(t.dataDir, 'assets')).sort(),
    waiting: filesUnder(join(t.dataDir, 'tmp')).sort(),
  }
}

function upload(
  content: Buffer,
  filename: string,
  language = 'en',
  fields: Record<string, string> = {},
) {
  return sendFile(t, {
    url: '/admin/asset/add-asset',
    cookie: admin,
    content,
    filename,
    fields: { parentId: String(folderId), ...fields },
    language,
  })
}

/** Uploads a file and expects a refusal in the given status and code, with nothing stored. */
async function expectRefused(
  content: Buffer,
  filename: string,
  status: number,
  code: string,
  fields: Record<string, string> = {},
) {
  const before = await stored()
  const response = await upload(content, filename, 'cs', fields)
  expect(response.statusCode, filename).toBe(status)
  const body = response.json<{ code: string; message: string }>()
  expect(body.code, filename).toBe(code)
  // Translated: a Czech sentence, never a message key.
  expect(body.message, filename).not.toMatch(/^[a-z]+[A-Z]\w*\.[\w.]+$/)
  expect(body.message.length, filename).toBeGreaterThan(10)
  expect(await stored(), filename).toEqual(before)
  return body
}

const svg = (inner: string, rootAttributes = '') =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${rootAttributes}>${inner}</svg>`,
  )

beforeAll(async () => {
  t = await buildTestApp({ env: { ASSET_MAX_BYTES: String(MAX_BYTES) } })
  admin = await signIn(
    t.database.db,
    await insertAdminUser(t.database.db, { username: 'hostile-admin', isAdmin: true }),
  )
  rootId = (
    await t.app.inject({
      method: 'GET',
      url: '/admin/asset/tree-get-root',
      headers: { cookie: admin },
    })
  ).json<{ id: number }>().id
  folderId = (
    await t.app.inject({
      method: 'POST',
      url: '/admin/asset/add-folder',
      headers: { cookie: admin },
      payload: { parentId: rootId, name: 'inbox' },
    })
  ).json<{ id: number }>().id
})

afterAll(async () => {
  await t.close()
})

describe('pixel floods', () => {
  it('refuses a 50,000 × 50,000 PNG from its header, before decoding', async () => {
    const body = await expectRefused(pixelFloodPng(), 'flood.png', 413, 'IMAGE_TOO_MANY_PIXELS')
    expect(body.message).toBe(t.translator.t('cs', 'pimAssets.tooManyPixels', { value: 50 }))
  })
})

describe('SVG', () => {
  it.each([
    ['a script element', svg('<script>alert(1)</script>'), 'script'],
    ['an event handler', svg('<rect width="5" height="5"/>', ' onload="alert(1)"'), 'eventHandler'],
    [
      'a javascript: link',
      svg('<a href="javascript:alert(1)"><rect width="5" height="5"/></a>'),
      'script',
    ],
    [
      'an entity-encoded javascript: link',
      svg('<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>'),
      'script',
    ],
    [
      'an external image',
      svg('<image href="https://evil.example/x.png" width="5" height="5"/>'),
      'externalReference',
    ],
    [
      'a local file reference',
      svg('<use xlink:href="file:///etc/passwd#x"/>'),
      'externalReference',
    ],
    [
      'an external url() in a style',
      svg('<rect style="fill:url(https://evil.example/p.svg#g)" width="5" height="5"/>'),
      'externalReference',
    ],
    [
      'an @import in a stylesheet',
      svg('<style>@import url(//evil.example/a.css);</style>'),
      'externalReference',
    ],
    [
      'embedded HTML',
      svg(
        '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="x"/></body></foreignObject>',
      ),
      'foreignContent',
    ],
    [
      'an XML entity (XXE)',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      ),
      'entity',
    ],
  ])('refuses an SVG with %s', async (_name, content, hazard) => {
    const body = await expectRefused(content, 'logo.svg', 422, 'SVG_UNSAFE')
    expect(body.message).toBe(t.translator.t('cs', `assetUpload.svgUnsafe.${hazard}`))
  })

  it('accepts an SVG whose links stay inside it', async () => {
    const response = await upload(
      svg(
        '<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="5" height="5"/><use href="#g"/>',
      ),
      'inner.svg',
    )
    expect(response.statusCode).toBe(200)
  })
})

describe('polyglots', () => {
  it('refuses a PNG that is also a web page (markup after IEND)', async () => {
    const png = Buffer.concat([
      await picture('png'),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ])
    await expectRefused(png, 'cat.png', 422, 'POLYGLOT_FILE')
  })

  it('refuses a PNG whose text chunk carries a web page', async () => {
    await expectRefused(await pngWithHtmlChunk(), 'chunk.png', 422, 'POLYGLOT_FILE')
  })

  it('refuses a PNG that is also a ZIP archive', async () => {
    const polyglot = Buffer.concat([
      await picture('png'),
      await zipOf({ 'evil.html': '<script>1</script>' }),
    ])
    await expectRefused(polyglot, 'zip.png', 422, 'POLYGLOT_FILE')
  })

  it('refuses a JPEG, a PDF and a video that are also ZIP archives', async () => {
    const zip = await zipOf({ 'payload.txt': 'hello' })
    await expectRefused(
      Buffer.concat([await picture('jpeg'), zip]),
      'zip.jpg',
      422,
      'POLYGLOT_FILE',
    )
    await expectRefused(Buffer.concat([pdfSaying('x'), zip]), 'zip.pdf', 422, 'POLYGLOT_FILE')
    await expectRefused(Buffer.concat([mp4Header(), zip]), 'zip.mp4', 422, 'POLYGLOT_FILE')
  })

  it('refuses a web page, whatever it is named', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')
    await expectRefused(page, 'page.html', 415, 'UNSUPPORTED_MEDIA_TYPE')
    await expectRefused(page, 'notes.txt', 415, 'UNSUPPORTED_MEDIA_TYPE')
  })
})

describe('types', () => {
  it('refuses a file whose content contradicts its name, and kinds off the allow-list', async () => {
    await expectRefused(Buffer.from('just text'), 'photo.jpg', 415, 'UNSUPPORTED_MEDIA_TYPE')
    await expectRefused(await picture('png'), 'report.pdf', 415, 'CONTENT_DOES_NOT_MATCH_NAME')
    // An executable (ELF) and a bare ZIP archive are not assets.
    await expectRefused(
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]),
      'tool',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    await expectRefused(await zipOf({ 'a.txt': 'a' }), 'archive.zip', 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('refuses an empty file and one over ASSET_MAX_BYTES', async () => {
    const empty = await expectRefused(Buffer.alloc(0), 'empty.png', 400, 'EMPTY_FILE')
    expect(empty.message).toBe('Soubor je prázdný.')
    const large = await expectRefused(
      Buffer.alloc(MAX_BYTES + 1, 'a'),
      'large.txt',
      413,
      'FILE_TOO_LARGE',
    )
    expect(large.message).toBe('Soubor je příliš velký (nejvýše 195 KB).')
  })
})

describe('replacing with the wrong type', () => {
  it('refuses a PDF in place of a picture and changes nothing', async () => {
    const picked = await upload(await picture('png'), 'keep.png')
    const id = picked.json<{ id: number }>().id
    const [before] = await t.database.db.select().from(assets).where(eq(assets.id, id))
    const files = await stored()
    const response = await sendFile(t, {
      url: `/admin/asset/replace-asset?id=${id}`,
      cookie: admin,
      content: pdfSaying('not a picture'),
      filename: 'keep.pdf',
      language: 'en',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({
      code: 'REPLACE_TYPE_MISMATCH',
      message:
        'A file can only be replaced by one of the same type: expected picture, got document.',
    })
    const [after] = await t.database.db.select().from(assets).where(eq(assets.id, id))
    expect(after).toEqual(before)
    expect(await stored()).toEqual(files)
  })

  it('refuses a hostile file as a replacement too', async () => {
    const picked = await upload(await picture('png'), 'target.png')
    const id = picked.json<{ id: number }>().id
    const files = await stored()
    const response = await sendFile(t, {
      method: 'PUT',
      url: `/admin/asset/replace-asset?id=${id}`,
      cookie: admin,
      content: pixelFloodPng(),
      filename: 'target.png',
    })
    expect(response.statusCode).toBe(413)
    expect(await stored()).toEqual(files)
  })
})

describe('names', () => {
  it('keeps names unique in the folder, also when uploads race', async () => {
    const png = await picture('png')
    const responses = await Promise.all(Array.from({ length: 5 }, () => upload(png, 'same.png')))
    const keys = responses.map((r) => r.json<{ key: string }>().key).sort()
    expect(keys).toEqual(['same.png', 'same_1.png', 'same_2.png', 'same_3.png', 'same_4.png'])
  })

  it.each([
    ['../../../etc/passwd.png', 'passwd.png'],
    ['..\\..\\windows\\win.png', 'win.png'],
    ['%2e%2e%2fescape.png', '2e-2e-2fescape.png'],
    ['/absolute/root.png', 'root.png'],
    ['CON.png', 'image.png'],
    ['....png', 'image.png'],
  ])('stores %j inside the folder as %j', async (filename, key) => {
    const response = await upload(await picture('png'), filename)
    expect(response.statusCode).toBe(200)
    const node = response.json<{ key: string; fullPath: string }>()
    expect(node.key.replace(/_\d+(?=\.png$)/, '')).toBe(key)
    expect(node.fullPath).toBe(`/inbox/${node.key}`)
    expect(filesUnder(join(t.dataDir, 'assets')).every((f) => f.startsWith('inbox/'))).toBe(true)
  })

  it.each(['../outside', 'a/../../b', './x', 'a//..'])(
    'refuses the relative folder %j',
    async (dir) => {
      await expectRefused(await picture('png'), 'dir.png', 400, 'INVALID_FOLDER_NAME', { dir })
    },
  )

  it('refuses a relative folder that names a file', async () => {
    await upload(await picture('png'), 'taken.png')
    await expectRefused(await picture('png'), 'in.png', 409, 'ASSET_KEY_TAKEN', {
      dir: 'taken.png',
    })
  })
})

describe('resumable uploads', () => {
  it('refuse a hostile file when its last byte arrives, and keep nothing of it', async () => {
    const before = await stored()
    const content = pixelFloodPng()
    const meta = [
      `filename ${Buffer.from('flood.png').toString('base64')}`,
      `parentId ${Buffer.from(String(folderId)).toString('base64')}`,
    ].join(',')
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/asset/tus/',
      headers: {
        cookie: admin,
        'tus-resumable': '1.0.0',
        'upload-length': String(content.length),
        'upload-metadata': meta,
      },
    })
    expect(created.statusCode).toBe(201)
    const finished = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        cookie: admin,
        'accept-language': 'cs',
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: content,
    })
    expect(finished.statusCode).toBe(413)
    expect(JSON.parse(finished.body)).toEqual({
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: t.translator.t('cs', 'pimAssets.tooManyPixels', { value: 50 }),
    })
    expect(finished.headers['asset-id']).toBeUndefined()
    expect(await stored()).toEqual(before)
  })
})
