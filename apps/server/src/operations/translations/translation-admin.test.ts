import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import iconv from 'iconv-lite'
import ExcelJS from 'exceljs'
import type { ImportPreview, TranslationList } from '@optika/domain/operations/translations'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser } from '../../../test/inject-json.ts'
import { translations } from '../../platform/db/schema/translations.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'

let t: TestApp
let cookie: string
/** When the first test starts editing: the catalogue's rows are all older. */
let editsFrom: string

beforeAll(async () => {
  t = await buildTestApp()
  cookie = await signInNewUser(t.database.db, {
    username: 'translator',
    permissions: ['translations'],
  })
})
afterAll(async () => {
  await t.close()
})

const grid = (payload: Record<string, unknown>) =>
  injectJson<TranslationList & { code?: string; message?: string }>(
    t.app,
    'POST',
    '/admin/translation/translations',
    cookie,
    payload,
  )

async function textOf(key: string, locale: string): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ text: translations.text })
    .from(translations)
    .where(and(eq(translations.key, key), eq(translations.locale, locale)))
  return row?.text
}

async function generation(of: 'translations' | 'document_generation') {
  const { rows } = await t.database.db.execute<{ value: string | number }>(
    of === 'translations'
      ? sql`select coalesce(max(version), 0) as value from change_signals where topic = 'translations'`
      : sql`select value from document_generation where id = 1`,
  )
  return Number(rows[0]?.value)
}

/** Posts a file to upload-import as a browser's form would. */
async function upload(name: string, bytes: Buffer, url = '/admin/translation/upload-import') {
  const boundary = 'translations-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie,
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
  return {
    status: response.statusCode,
    body: response.json<ImportPreview & { message?: string }>(),
  }
}

describe('the translations grid', () => {
  it('adds a key, edits a text and the storefront’s dictionary changes at once (new ETag)', async () => {
    editsFrom = new Date().toISOString()
    const before = await t.app.inject({ url: '/api/translations/pl' })
    const genBefore = await generation('translations')
    const docGenBefore = await generation('document_generation')
    const created = await grid({
      xaction: 'create',
      domain: 'website',
      data: { key: 'promo.banner', texts: { en: 'Summer sale' } },
    })
    expect(created.status).toBe(200)
    const updated = await grid({
      xaction: 'update',
      // Pimcore's shape: data as a JSON string with one field per language.
      data: JSON.stringify({ key: 'promo.banner', pl: 'Letnia wyprzedaż' }),
    })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    const after = await t.app.inject({ url: '/api/translations/pl' })
    expect(after.json<Record<string, string>>()['promo.banner']).toBe('Letnia wyprzedaż')
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(t.translator.t('pl', 'promo.banner')).toBe('Letnia wyprzedaż')
    // Other processes and the kept storefront pages see the change through these numbers.
    expect(await generation('translations')).toBeGreaterThan(genBefore)
    expect(await generation('document_generation')).toBeGreaterThan(docGenBefore)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'translation.update'), eq(auditLog.entityId, 'promo.banner')))
    expect(audit).toHaveLength(1)
    expect(audit[0]?.after).toMatchObject({ pl: 'Letnia wyprzedaż' })
  })

  it('finds keys by a text in any language, missing in a language, and changed since', async () => {
    const found = await grid({ xaction: 'read', search: 'Letnia wyprz' })
    expect(found.body.data.map((r) => r.key)).toEqual(['promo.banner'])
    const missingCs = await grid({ xaction: 'read', missing: 'cs', limit: 500 })
    expect(missingCs.body.data.map((r) => r.key)).toContain('promo.banner')
    const missingPl = await grid({ xaction: 'read', missing: 'pl', search: 'promo.' })
    expect(missingPl.body.total).toBe(0)
    const recent = await grid({
      xaction: 'read',
      changedSince: editsFrom,
      limit: 500,
    })
    expect(recent.body.data.map((r) => r.key)).toEqual(['promo.banner'])
  })

  it('pages server-side and keeps the two domains apart', async () => {
    const first = await grid({ xaction: 'read', limit: 10 })
    const second = await grid({ xaction: 'read', limit: 10, offset: 10 })
    expect(first.body.data).toHaveLength(10)
    expect(first.body.total).toBeGreaterThan(100)
    expect(second.body.total).toBe(first.body.total)
    expect((second.body.data[0]?.key ?? '') > (first.body.data[9]?.key ?? '')).toBe(true)
    const admin = await grid({ xaction: 'read', domain: 'admin', search: 'admin.nav.' })
    expect(admin.body.total).toBeGreaterThan(0)
    expect(admin.body.data.every((r) => r.domain === 'admin')).toBe(true)
    const website = await grid({ xaction: 'read', domain: 'website', search: 'admin.nav.' })
    expect(website.body.data.filter((r) => r.key.startsWith('admin.nav.'))).toHaveLength(0)
  })

  it('refuses a duplicate key, a key of the other domain and deleting the catalogue’s key', async () => {
    const dup = await grid({ xaction: 'create', data: { key: 'promo.banner' } })
    expect(dup.status).toBe(409)
    const wrong = await grid({ xaction: 'create', domain: 'website', data: { key: 'admin.x.y' } })
    expect(wrong.status).toBe(400)
    const catalogueKey = await grid({ xaction: 'destroy', data: { key: 'list.noItems' } })
    expect(catalogueKey.status).toBe(400)
    expect(await textOf('list.noItems', 'en')).toBeTruthy()
  })

  it('deletes a key the staff added', async () => {
    await grid({ xaction: 'create', data: { key: 'promo.gone', texts: { en: 'x' } } })
    const deleted = await grid({ xaction: 'destroy', data: { key: 'promo.gone' } })
    expect(deleted.status).toBe(200)
    expect(await textOf('promo.gone', 'en')).toBeUndefined()
  })

  it('writes one text with merge-item (Pimcore’s lg)', async () => {
    const response = await injectJson(t.app, 'PUT', '/admin/translation/merge-item', cookie, {
      data: JSON.stringify({ key: 'promo.banner', lg: 'cs', text: 'Letní výprodej' }),
    })
    expect(response.status).toBe(200)
    expect(t.translator.t('cs', 'promo.banner')).toBe('Letní výprodej')
  })

  it('names the languages and the two domains', async () => {
    const languages = await injectJson<{ edit: string[] }>(
      t.app,
      'GET',
      '/admin/translation/get-website-translation-languages',
      cookie,
    )
    expect(languages.body.edit).toEqual(['cs', 'en', 'hu', 'pl', 'ro', 'sk'])
    const domains = await injectJson<{ domains: { name: string; keys: number }[] }>(
      t.app,
      'GET',
      '/admin/translation/get-translation-domains',
      cookie,
    )
    expect(domains.body.domains.map((d) => d.name)).toEqual(['website', 'admin'])
    expect(domains.body.domains.every((d) => d.keys > 0)).toBe(true)
  })

  it('adds back-office keys it lacks, with empty texts, and skips a shop key', async () => {
    const response = await injectJson<{ added: string[]; skipped: string[] }>(
      t.app,
      'POST',
      '/admin/translation/add-admin-translation-keys',
      cookie,
      { keys: JSON.stringify(['admin.brandNew.label', 'admin.nav.dashboard', 'shop.notAdmin']) },
    )
    expect(response.status).toBe(200)
    expect(response.body.added).toEqual(['admin.brandNew.label'])
    expect(response.body.skipped).toEqual(['shop.notAdmin'])
    expect(await textOf('admin.brandNew.label', 'hu')).toBe('')
  })
})

describe('export', () => {
  it('escapes formulas in every CSV cell (=, +, -, @, tab, CR)', async () => {
    const hostile = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']
    await grid({
      xaction: 'create',
      data: {
        key: 'promo.hostile',
        texts: {
          cs: hostile[0],
          en: hostile[1],
          hu: hostile[2],
          pl: hostile[3],
          ro: hostile[4],
          sk: hostile[5],
        },
      },
    })
    const response = await t.app.inject({
      url: '/admin/translation/export?format=csv',
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    const line = response.body.split('\n').find((l) => l.startsWith('promo.hostile'))
    expect(line).toContain(`;'=cmd|' /C calc'!A0;`)
    expect(line).toContain(";'+1+1;'-2+3;'@SUM(A1);")
    expect(line).not.toMatch(/;[=+\-@]/)
  })

  it('exports the admin domain as an XLSX workbook', async () => {
    const response = await t.app.inject({
      url: '/admin/translation/export?format=xlsx&domain=admin',
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'key',
      'cs',
      'en',
      'hu',
      'pl',
      'ro',
      'sk',
      '_modificationDate',
    ])
    const keys = sheet?.getColumn(1).values.slice(2) as string[]
    expect(keys).toContain('admin.nav.dashboard')
    expect(keys.some((k) => k.startsWith('list.'))).toBe(false)
  })
})

describe('import', () => {
  it('previews a windows-1250 CSV with its diff, then applies it', async () => {
    const csv =
      'key;cs;en\r\npromo.banner;Letní sleva;Summer sale\r\npromo.fresh;Žluťoučký kůň;Yellow horse\r\n'
    const preview = await upload('t.csv', iconv.encode(csv, 'win1250'))
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body).toMatchObject({
      format: 'csv',
      delimiter: ';',
      rows: 2,
      added: 2,
      changed: 1,
      unchanged: 1,
    })
    expect(preview.body.encoding).toMatch(/1250|8859-2/)
    expect(preview.body.changes).toContainEqual({
      key: 'promo.banner',
      locale: 'cs',
      before: 'Letní výprodej',
      after: 'Letní sleva',
    })
    // Nothing is written by the preview.
    expect(await textOf('promo.fresh', 'cs')).toBeUndefined()
    const applied = await injectJson<{ written: number }>(
      t.app,
      'POST',
      '/admin/translation/import',
      cookie,
      {
        importId: preview.body.importId,
      },
    )
    expect(applied.status).toBe(200)
    expect(applied.body.written).toBe(3)
    expect(t.translator.t('cs', 'promo.fresh')).toBe('Žluťoučký kůň')
    expect(t.translator.t('cs', 'promo.banner')).toBe('Letní sleva')
    // The same import cannot be applied twice.
    const again = await injectJson(t.app, 'POST', '/admin/translation/import', cookie, {
      importId: preview.body.importId,
    })
    expect(again.status).toBe(404)
  })

  it('merges only texts missing here or newer in the file', async () => {
    const old = Math.floor(Date.parse('2000-01-01') / 1000)
    const future = Math.floor(Date.now() / 1000) + 3600
    const csv = [
      'key,cs,ro,_modificationDate',
      `promo.banner,Stará sleva,Reducere,${old}`,
      `promo.fresh,Nový kůň,,${future}`,
    ].join('\n')
    const preview = await upload('m.csv', Buffer.from(`\uFEFF${csv}`, 'utf8'))
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body).toMatchObject({ encoding: 'utf-8', delimiter: ',', mergeable: 2 })
    const applied = await injectJson(t.app, 'POST', '/admin/translation/import', cookie, {
      importId: preview.body.importId,
      merge: true,
    })
    expect(applied.status).toBe(200)
    expect(await textOf('promo.banner', 'cs')).toBe('Letní sleva') // older in the file: kept
    expect(await textOf('promo.banner', 'ro')).toBe('Reducere') // missing here: added
    expect(await textOf('promo.fresh', 'cs')).toBe('Nový kůň') // newer in the file: taken
  })

  it('undoes its own formula escape and keeps other formula-like text inert', async () => {
    const csv = `key;en;cs\npromo.formula;"'=cmd|' /C calc'!A0";"=HYPERLINK(""http://x"")"\n`
    const preview = await upload('f.csv', Buffer.from(csv))
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    await injectJson(t.app, 'POST', '/admin/translation/import', cookie, {
      importId: preview.body.importId,
    })
    expect(await textOf('promo.formula', 'en')).toBe("=cmd|' /C calc'!A0")
    const exported = await t.app.inject({ url: '/admin/translation/export', headers: { cookie } })
    const line = exported.body.split('\n').find((l) => l.startsWith('promo.formula'))
    expect(line).toContain(`'=HYPERLINK`)
  })

  it.each([
    ['an unknown language', 'key;cs;de\npromo.x;a;b\n', /"de"/],
    ['a ragged row', 'key;cs;en\npromo.x;a;b\npromo.y;a\n', /Line 3/],
    ['no key column', 'name;cs\npromo.x;a\n', /"key" column/],
    ['an unclosed quote', 'key;cs\npromo.x;"a\n', /malformed CSV/],
    ['binary bytes', '\u0000\u0001\u0002;\u0000', /neither CSV/],
  ])('refuses %s with a translated 400 and changes nothing', async (_name, csv, message) => {
    const before = await t.app.inject({ url: '/api/translations/cs' })
    const response = await upload('bad.csv', Buffer.from(csv))
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(message)
    const after = await t.app.inject({ url: '/api/translations/cs' })
    expect(after.headers.etag).toBe(before.headers.etag)
  })

  it('reads an XLSX and refuses a formula cell in one', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('t')
    sheet.addRow(['key', 'sk'])
    sheet.addRow(['promo.banner', 'Letný výpredaj'])
    const good = await upload('t.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))
    expect(good.status, JSON.stringify(good.body)).toBe(200)
    expect(good.body).toMatchObject({ format: 'xlsx', rows: 1, added: 1 })
    sheet.addRow(['promo.evil', { formula: 'cmd|" /C calc"!A0' }])
    const bad = await upload('evil.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/Line 3 has a formula/)
  })
})

describe('cleanup', () => {
  it('lists unused keys first, then deletes only those chosen', async () => {
    await t.database.db.insert(translations).values([
      { key: 'list.retiredText', locale: 'en', text: 'Old' },
      { key: 'promo.empty', locale: 'en', text: '' },
    ])
    const preview = await injectJson<{ keys: { key: string; reason: string }[] }>(
      t.app,
      'DELETE',
      '/admin/translation/cleanup?preview=1',
      cookie,
    )
    expect(preview.status).toBe(200)
    expect(preview.body.keys).toEqual(
      expect.arrayContaining([
        { key: 'list.retiredText', reason: 'notInCatalogue' },
        { key: 'promo.empty', reason: 'empty' },
      ]),
    )
    // Staff keys with texts and the catalogue's keys are never candidates.
    expect(preview.body.keys.map((k) => k.key)).not.toContain('promo.banner')
    expect(preview.body.keys.map((k) => k.key)).not.toContain('list.noItems')
    const deleted = await injectJson<{ keys: { key: string }[] }>(
      t.app,
      'DELETE',
      '/admin/translation/cleanup',
      cookie,
      { keys: ['list.retiredText', 'promo.banner'] },
    )
    expect(deleted.status).toBe(200)
    expect(deleted.body.keys.map((k) => k.key)).toEqual(['list.retiredText'])
    expect(await textOf('list.retiredText', 'en')).toBeUndefined()
    expect(await textOf('promo.empty', 'en')).toBe('')
    expect(await textOf('promo.banner', 'en')).toBe('Summer sale')
  })
})
