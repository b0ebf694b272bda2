import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { translations } from '../../platform/db/schema/translations.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { syncCatalogue } from '../../platform/i18n/translator.ts'

describe('GET /api/translations/{locale}', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('serves one language’s dictionary with an ETag', async () => {
    const response = await t.app.inject({ url: '/api/translations/cs' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.headers.etag).toMatch(/^".+"$/)
    expect(response.json<Record<string, string>>()['list.noItems']).toBe(
      catalogue['list.noItems']?.cs,
    )
  })

  it('answers 304 when the client already has this version', async () => {
    const first = await t.app.inject({ url: '/api/translations/hu' })
    const again = await t.app.inject({
      url: '/api/translations/hu',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('refuses a language the shop does not have', async () => {
    const response = await t.app.inject({
      url: '/api/translations/de',
      headers: { 'accept-language': 'en' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      code: 'UNKNOWN_LANGUAGE',
      message: 'The language "de" is not supported.',
    })
  })

  it('fills a text missing in one language from English, and changes the ETag after an edit', async () => {
    const before = await t.app.inject({ url: '/api/translations/ro' })
    await t.database.db
      .delete(translations)
      .where(and(eq(translations.key, 'list.noItems'), eq(translations.locale, 'ro')))
    await t.translator.reload()
    const after = await t.app.inject({ url: '/api/translations/ro' })
    expect(after.json<Record<string, string>>()['list.noItems']).toBe('No items.')
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it('renders an unknown key as the key itself', () => {
    expect(t.translator.t('sk', 'no.such.key')).toBe('no.such.key')
  })

  it('fills placeholders', () => {
    expect(t.translator.t('en', 'route.notFound', { name: 'cart' })).toBe(
      'The route "cart" does not exist.',
    )
  })

  it('keeps texts edited in the back office when the catalogue is synced again', async () => {
    await t.database.db
      .update(translations)
      .set({ text: 'Nothing here, sorry.' })
      .where(and(eq(translations.key, 'list.noItems'), eq(translations.locale, 'en')))
    const inserted = await syncCatalogue(t.database.db, catalogue)
    expect(inserted).toBe(1) // only the Romanian row deleted above comes back
    await t.translator.reload()
    expect(t.translator.t('en', 'list.noItems')).toBe('Nothing here, sorry.')
  })
})

describe('GET /api/translations/{locale}/storefront.js', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  /** Runs the script as a page would and returns what it left for the page. */
  function run(script: string) {
    const self: Record<
      string,
      Record<string, { version: string; texts: Record<string, string> }>
    > = {}
    runInNewContext(script, { self })
    return self.__optikaDictionary
  }

  it('hands a page its language’s storefront texts, without the back office’s', async () => {
    const response = await t.app.inject({ url: '/api/translations/cs/storefront.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/javascript')
    const shipped = run(response.body)?.cs
    expect(shipped?.texts['list.noItems']).toBe(catalogue['list.noItems']?.cs)
    expect(Object.keys(shipped?.texts ?? {}).some((key) => key.startsWith('admin.'))).toBe(false)
    expect(shipped?.version).toMatch(/^[\w-]+$/)
  })

  it('is kept for good under the current version only, which an edit moves', async () => {
    const first = run((await t.app.inject({ url: '/api/translations/pl/storefront.js' })).body)
    const version = first?.pl?.version ?? ''
    const current = await t.app.inject({ url: `/api/translations/pl/storefront.js?v=${version}` })
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    await t.database.db
      .update(translations)
      .set({ text: 'Nic tu nie ma.' })
      .where(and(eq(translations.key, 'list.noItems'), eq(translations.locale, 'pl')))
    await t.translator.reload()
    const old = await t.app.inject({ url: `/api/translations/pl/storefront.js?v=${version}` })
    expect(old.headers['cache-control']).toBe('no-cache')
    const edited = run(old.body)?.pl
    expect(edited?.texts['list.noItems']).toBe('Nic tu nie ma.')
    expect(edited?.version).not.toBe(version)
  })

  it('refuses a language the shop does not have, and an overlong version', async () => {
    const unknown = await t.app.inject({
      url: '/api/translations/de/storefront.js',
      headers: { 'accept-language': 'en' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_LANGUAGE' })
    const overlong = await t.app.inject({
      url: `/api/translations/cs/storefront.js?v=${'x'.repeat(500)}`,
    })
    expect(overlong.statusCode).toBe(400)
  })
})
