import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { insertObject, insertRootAndClasses } from '../../../test/kits/pim-objects-test-kit.ts'
import { findDocumentByPath } from '../../cms/documents/read-document-tree.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { elementVersions } from '../../platform/db/schema/pim.ts'

/**
 * The seed's Word and XLIFF calls and content-export-jobs (ADMIN-CALLS.md), copied here so CI can
 * check them: registered at their methods, 401 anonymous, 403 without `wordExport`/`xliffExport`,
 * no 500 on an empty request. Then what each does: export, download, upload, import as a new
 * unpublished version — and the hostile files refused.
 */
const CALLS: readonly (readonly [Method, string])[] = [
  ['POST', '/admin/bundle/wordexport/translation/word-export'],
  ['GET', '/admin/bundle/wordexport/translation/word-export-download'],
  ['POST', '/admin/bundle/xliff/translation/xliff-export'],
  ['POST', '/admin/bundle/xliff/translation/xliff-import-upload'],
  ['POST', '/admin/bundle/xliff/translation/xliff-import-element'],
  ['GET', '/admin/bundle/xliff/translation/xliff-export-download'],
  ['POST', '/admin/translation/content-export-jobs'],
]

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let admin: string
let translatorsOnly: string
let otherAdmin: string

beforeAll(async () => {
  t = await buildTestApp()
  await insertRootAndClasses(t.database.db)
  admin = await signInNewUser(t.database.db, { username: 'export.admin', isAdmin: true })
  otherAdmin = await signInNewUser(t.database.db, { username: 'export.other', isAdmin: true })
  translatorsOnly = await signInNewUser(t.database.db, {
    username: 'export.translations',
    permissions: ['translations'],
  })
})
afterAll(() => t.close())

function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

function upload(cookie: string, file: Buffer | string, name = 'translated.xlf') {
  const boundary = '----optika-xliff'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/xliff+xml\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return t.app.inject({
    method: 'POST',
    url: '/admin/bundle/xliff/translation/xliff-import-upload',
    headers: {
      cookie,
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
}

async function exportAndDownload(
  format: 'xliff' | 'word',
  body: Record<string, unknown>,
  language?: string,
) {
  const base =
    format === 'xliff'
      ? '/admin/bundle/xliff/translation/xliff-export'
      : '/admin/bundle/wordexport/translation/word-export'
  const started = await call(admin, 'POST', base, body)
  expect(started.statusCode, started.body).toBe(200)
  const { jobId } = started.json<{ jobId: string }>()
  const row = await waitForJobRow(t.database.db, jobId)
  expect(row.status, row.errorKey ?? '').toBe('done')
  const download = await call(
    admin,
    'GET',
    `${base}-download?id=${jobId}${language ? `&language=${language}` : ''}`,
  )
  expect(download.statusCode).toBe(200)
  return { jobId, download }
}

async function importAll(xml: string, cookie = admin) {
  const uploaded = await upload(cookie, xml)
  expect(uploaded.statusCode, uploaded.body).toBe(200)
  const { id, steps } = uploaded.json<{ id: string; steps: { step: number }[] }>()
  const results = []
  for (const { step } of steps) {
    const response = await call(
      cookie,
      'POST',
      '/admin/bundle/xliff/translation/xliff-import-element',
      {
        id,
        step,
      },
    )
    expect(response.statusCode, response.body).toBe(200)
    results.push(
      response.json<{
        success: boolean
        changed: number
        targetId: number
        versionCount: number
      }>(),
    )
  }
  return { id, results }
}

async function newestVersionData(type: 'document' | 'object', id: number) {
  const [version] = await t.database.db
    .select()
    .from(elementVersions)
    .where(and(eq(elementVersions.elementType, type), eq(elementVersions.elementId, id)))
    .orderBy(desc(elementVersions.versionCount))
    .limit(1)
  return version ? ((version.snapshot as { data: Record<string, unknown> }).data ?? {}) : null
}

describe('the seed’s Word and XLIFF calls', () => {
  it.each(CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    expect((await call(null, method, path)).statusCode).toBe(401)
  })

  it.each(CALLS)('%s %s refuses a user without the export keys with 403', async (method, path) => {
    expect((await call(translatorsOnly, method, path)).statusCode).toBe(403)
  })

  it.each(CALLS)('%s %s answers an empty request without a server error', async (method, path) => {
    const response = await call(admin, method, path)
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    const body = response.json<{ message?: unknown }>()
    expect(typeof body.message).toBe('string')
    expect(body.message).not.toMatch(UNTRANSLATED_KEY)
  })
})

describe('content-export-jobs', () => {
  it('lists the chosen document with everything below it, by path or id, in chunks', async () => {
    const root = (await findDocumentByPath(t.database.db, '/en'))!
    const response = await call(admin, 'POST', '/admin/translation/content-export-jobs', {
      elements: JSON.stringify([{ type: 'document', path: '/en', children: true }]),
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<{
      total: number
      elements: { id: number; path: string; language: string }[]
      jobs: unknown[][]
    }>()
    const paths = body.elements.map((e) => e.path)
    expect(paths).toEqual(
      expect.arrayContaining(['/en', '/en/terms', '/en/privacy', '/en/contact']),
    )
    expect(paths.every((p) => p === '/en' || p.startsWith('/en/'))).toBe(true)
    expect(body.elements.find((e) => e.id === root.id)?.language).toBe('en')
    expect(body.jobs.flat()).toHaveLength(body.total)
    const missing = await call(admin, 'POST', '/admin/translation/content-export-jobs', {
      elements: [{ type: 'document', path: '/en/no-such-page' }],
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json<{ message: string }>().message).toContain('/en/no-such-page')
  })
})

describe('XLIFF export and import', () => {
  it('exports a document as XLIFF 1.2 with its translation as target; an edited target comes back as a new unpublished version', async () => {
    const en = (await findDocumentByPath(t.database.db, '/en/terms'))!
    const cs = (await findDocumentByPath(t.database.db, '/cs/terms'))!
    const { download } = await exportAndDownload(
      'xliff',
      { elements: [{ type: 'document', id: en.id }], source: 'en', target: ['cs'], version: '1.2' },
      'cs',
    )
    expect(download.headers['content-type']).toContain('application/xliff+xml')
    const xml = download.body
    expect(xml).toContain('<xliff version="1.2"')
    expect(xml).toContain(`original="document:${en.id}"`)
    expect(xml).toContain('source-language="en" target-language="cs"')
    const unitId = `document:${en.id}:editable:headline`
    expect(xml).toContain(`<trans-unit id="${unitId}"`)
    const csHeadline = (cs.editables as { headline: { data: string } }).headline.data
    expect(xml).toContain(`<target xml:lang="cs">${csHeadline}</target>`)

    const changed = xml.replace(
      `<target xml:lang="cs">${csHeadline}</target>`,
      '<target xml:lang="cs">Obchodní podmínky &amp; reklamace</target>',
    )
    const { results } = await importAll(changed)
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({ success: true, targetId: cs.id, changed: 1 })

    const after = (await findDocumentByPath(t.database.db, '/cs/terms'))!
    // The published row is untouched: the import is a draft version.
    expect(after.published).toBe(true)
    expect((after.editables as { headline: { data: string } }).headline.data).toBe(csHeadline)
    const draft = await newestVersionData('document', cs.id)
    expect((draft?.editables as { headline: { data: string } }).headline.data).toBe(
      'Obchodní podmínky & reklamace',
    )
    // The English source is untouched.
    const source = (await findDocumentByPath(t.database.db, '/en/terms'))!
    expect(source.editables).toEqual(en.editables)
  })

  it('exports an object’s localized fields as XLIFF 2.0 and imports the target as a version', async () => {
    const id = await insertObject(t.database.db, {
      parentId: 1,
      key: 'lamp',
      data: { name: 'Lamp', texts: { en: { title: 'Red lamp' } } },
    })
    // Localized fields store language → value per field.
    await t.database.db
      .update(objects)
      .set({ data: { name: 'Lamp', title: { en: 'Red lamp', hu: 'Piros lámpa' } } })
      .where(eq(objects.id, id))
    const { download } = await exportAndDownload(
      'xliff',
      { elements: [{ type: 'object', id }], source: 'en', target: ['cs', 'hu'], version: '2.0' },
      'hu',
    )
    const xml = download.body
    expect(xml).toContain('version="2.0" srcLang="en" trgLang="hu"')
    expect(xml).toContain(`<unit id="object:${id}:field:title"`)
    expect(xml).toContain('<source>Red lamp</source>')
    expect(xml).toContain('<target>Piros lámpa</target>')

    const { results } = await importAll(
      xml.replace('<target>Piros lámpa</target>', '<target>Vörös lámpa</target>'),
    )
    expect(results[0]).toMatchObject({ success: true, targetId: id, changed: 1 })
    const [row] = await t.database.db.select().from(objects).where(eq(objects.id, id))
    expect((row!.data as { title: Record<string, string> }).title.hu).toBe('Piros lámpa')
    const version = await newestVersionData('object', id)
    expect((version as { title: Record<string, string> }).title).toEqual({
      en: 'Red lamp',
      hu: 'Vörös lámpa',
    })
  })

  it('writes nothing when the targets equal the current texts', async () => {
    const en = (await findDocumentByPath(t.database.db, '/en/privacy'))!
    const cs = (await findDocumentByPath(t.database.db, '/cs/privacy'))!
    const { download } = await exportAndDownload('xliff', {
      elements: [{ type: 'document', id: en.id }],
      source: 'en',
      target: ['cs'],
    })
    const before = cs.versionCount
    const { results } = await importAll(download.body)
    expect(results[0]).toMatchObject({ success: true, changed: 0 })
    const after = (await findDocumentByPath(t.database.db, '/cs/privacy'))!
    expect(after.versionCount).toBe(before)
  })

  it('serves a job’s files and an upload only to the user who made them', async () => {
    const en = (await findDocumentByPath(t.database.db, '/en/contact'))!
    const { jobId, download } = await exportAndDownload('xliff', {
      elements: [{ type: 'document', id: en.id }],
      source: 'en',
      target: ['sk'],
    })
    const other = await call(
      otherAdmin,
      'GET',
      `/admin/bundle/xliff/translation/xliff-export-download?id=${jobId}`,
    )
    expect(other.statusCode).toBe(404)
    const uploaded = await upload(admin, download.body)
    const { id } = uploaded.json<{ id: string }>()
    const stolen = await call(
      otherAdmin,
      'POST',
      '/admin/bundle/xliff/translation/xliff-import-element',
      {
        id,
        step: 0,
      },
    )
    expect(stolen.statusCode).toBe(404)
  })
})

describe('Word export', () => {
  it('writes a DOCX of the chosen texts for a translator', async () => {
    const en = (await findDocumentByPath(t.database.db, '/en/terms'))!
    const { download } = await exportAndDownload('word', {
      elements: [{ type: 'document', id: en.id }],
      source: 'en',
      target: ['pl'],
    })
    expect(download.headers['content-type']).toContain('wordprocessingml')
    expect(download.headers['content-disposition']).toContain('.docx')
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK')
    expect(download.rawPayload.includes(Buffer.from('word/document.xml'))).toBe(true)
  })

  it('refuses an export whose targets are only the source language', async () => {
    const response = await call(admin, 'POST', '/admin/bundle/wordexport/translation/word-export', {
      elements: [{ type: 'document', path: '/en/terms' }],
      source: 'en',
      target: ['en'],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ code: string }>().code).toBe('SAME_LANGUAGE')
  })
})

describe('hostile XLIFF files are refused and change nothing', () => {
  const unit = (id: string, target: string) =>
    `<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="x" source-language="en" target-language="cs"><body><trans-unit id="${id}"><source>a</source><target>${target}</target></trans-unit></body></file></xliff>`

  it.each([
    [
      'an external entity (XXE)',
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><xliff version="1.2"><file source-language="en" target-language="cs"><body><trans-unit id="document:1:editable:headline"><source>a</source><target>&xxe;</target></trans-unit></body></file></xliff>',
      'XLIFF_DOCTYPE',
    ],
    [
      'entity expansion (billion laughs)',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><xliff version="1.2"><file><body><trans-unit id="a"><target>&lol2;</target></trans-unit></body></file></xliff>',
      'XLIFF_DOCTYPE',
    ],
    ['a lowercase doctype', '<?xml version="1.0"?><!doctype x><xliff/>', 'XLIFF_DOCTYPE'],
    ['malformed XML', '<xliff version="1.2"><file><body></xliff>', 'XLIFF_INVALID'],
    ['another root', '<html><body>hi</body></html>', 'XLIFF_INVALID'],
    [
      'an unknown language',
      unit('document:1:editable:headline', 'x').replace('"cs"', '"xx"'),
      'XLIFF_LANGUAGE',
    ],
    ['no unit of ours', unit('something-else', 'x'), 'XLIFF_NO_UNITS'],
  ])('refuses %s with a translated 400', async (_name, xml, code) => {
    const response = await upload(admin, xml)
    expect(response.statusCode).toBe(400)
    const body = response.json<{ code: string; message: string }>()
    expect(body.code).toBe(code)
    expect(body.message).not.toMatch(UNTRANSLATED_KEY)
  })

  it('refuses bytes that are not UTF-8', async () => {
    const latin1 = Buffer.from(unit('document:1:editable:headline', 'Příliš žluťoučký'), 'latin1')
    const response = await upload(admin, Buffer.concat([latin1, Buffer.from([0xff, 0xfe, 0xe9])]))
    expect(response.statusCode).toBe(400)
    expect(response.json<{ code: string }>().code).toBe('XLIFF_ENCODING')
  })

  it('refuses a file over the size limit', async () => {
    const response = await upload(admin, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20))
    expect(response.statusCode).toBe(413)
  })

  it('sanitizes script in an imported wysiwyg target through the documents’ save path', async () => {
    const en = (await findDocumentByPath(t.database.db, '/en/terms'))!
    const cs = (await findDocumentByPath(t.database.db, '/cs/terms'))!
    const id = `document:${en.id}:editable:content.text.body`
    const xml = unit(
      id,
      '&lt;p&gt;Ahoj&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
    )
    const { results } = await importAll(xml)
    expect(results[0]).toMatchObject({ success: true, changed: 1 })
    const draft = await newestVersionData('document', cs.id)
    const body = JSON.stringify(draft?.editables)
    expect(body).toContain('Ahoj')
    expect(body).not.toContain('<script')
    expect(body).not.toContain('onerror')
  })
})
