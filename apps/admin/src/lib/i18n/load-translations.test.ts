import { createInstance, type i18n as I18n } from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadTranslations } from './load-translations.ts'

/** The browser's fetch, answering like the server's GET /api/translations/{locale}. */
function serve(answer: (url: string) => Response | Promise<Response>) {
  const fetch = vi.fn((input: string | URL) => Promise.resolve(answer(input.toString())))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

async function createI18n(): Promise<I18n> {
  const i18n = createInstance()
  await i18n.init({
    lng: 'cs',
    fallbackLng: 'en',
    resources: {},
    partialBundledLanguages: true,
    keySeparator: false,
    nsSeparator: false,
    parseMissingKeyHandler: (key) => key,
  })
  return i18n
}

describe('loadTranslations', () => {
  let errors: ReturnType<typeof vi.spyOn>

  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('loads a language’s flat dictionary from /api/translations/{locale}', async () => {
    const fetch = serve(() => Response.json({ 'admin.nav.dashboard': 'Nástěnka' }))
    const i18n = await createI18n()

    await expect(loadTranslations(i18n, 'cs')).resolves.toBe(true)

    expect(fetch).toHaveBeenCalledWith('/api/translations/cs', expect.anything())
    expect(i18n.t('admin.nav.dashboard')).toBe('Nástěnka')
  })

  it('falls back to English, then to the key itself', async () => {
    serve((url) =>
      Response.json(
        url.endsWith('/en') ? { 'admin.nav.tags': 'Tags' } : { 'admin.nav.dashboard': 'Nástěnka' },
      ),
    )
    const i18n = await createI18n()
    await loadTranslations(i18n, 'cs')
    await loadTranslations(i18n, 'en')

    expect(i18n.t('admin.nav.tags')).toBe('Tags')
    // A key no catalogue has, which the typed `t` rightly refuses to compile.
    const translate = i18n.t as (key: string) => string
    expect(translate('admin.nav.nowhere')).toBe('admin.nav.nowhere')
  })

  it('on an unsuccessful response logs the failure and keeps the old dictionary', async () => {
    serve(() => Response.json({ 'admin.nav.dashboard': 'Nástěnka' }))
    const i18n = await createI18n()
    await loadTranslations(i18n, 'cs')

    serve(() => new Response('{"code":"INTERNAL","message":"boom"}', { status: 500 }))
    await expect(loadTranslations(i18n, 'cs')).resolves.toBe(false)

    expect(errors).toHaveBeenCalledWith(
      'Failed to load translations:',
      new Error('Network response was not ok'),
    )
    expect(i18n.t('admin.nav.dashboard')).toBe('Nástěnka')
  })

  it('on a network failure logs it and keeps the old dictionary', async () => {
    serve(() => Response.json({ 'admin.nav.dashboard': 'Nástěnka' }))
    const i18n = await createI18n()
    await loadTranslations(i18n, 'cs')

    const offline = new TypeError('Failed to fetch')
    serve(() => Promise.reject(offline))
    await expect(loadTranslations(i18n, 'cs')).resolves.toBe(false)

    expect(errors).toHaveBeenCalledWith('Failed to load translations:', offline)
    expect(i18n.t('admin.nav.dashboard')).toBe('Nástěnka')
  })

  it('ignores entries that are not texts', async () => {
    serve(() => Response.json({ 'admin.nav.dashboard': 'Nástěnka', 'admin.nav.tags': 42 }))
    const i18n = await createI18n()
    await loadTranslations(i18n, 'cs')

    expect(i18n.t('admin.nav.tags')).toBe('admin.nav.tags')
  })
})
