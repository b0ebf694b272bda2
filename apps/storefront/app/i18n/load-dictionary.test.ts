import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { loadDictionary } from './load-dictionary.ts'

/** The browser's fetch, answering like the server's GET /api/translations/{locale}. */
function serve(answer: (url: string) => Response | Promise<Response>) {
  const fetch = vi.fn((input: string | URL | Request) =>
    Promise.resolve(
      answer(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url),
    ),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const CZECH = { 'list.noItems': 'Žádné položky.' }

describe('loadDictionary', () => {
  let errors: MockInstance<typeof console.error>

  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('loads the language’s dictionary from /api/translations/{locale}', async () => {
    const fetch = serve(() => Response.json({ 'list.noItems': 'No items.' }))

    await expect(loadDictionary('en', CZECH)).resolves.toEqual({ 'list.noItems': 'No items.' })
    expect(fetch).toHaveBeenCalledWith('/api/translations/en', expect.anything())
    expect(errors).not.toHaveBeenCalled()
  })

  it('on an unsuccessful response logs the seed’s messages and keeps the old dictionary', async () => {
    serve(() => new Response('{"code":"INTERNAL_ERROR","message":"boom"}', { status: 500 }))

    await expect(loadDictionary('en', CZECH)).resolves.toBe(CZECH)
    expect(errors).toHaveBeenCalledWith(
      'Failed to load translations:',
      new Error('Network response was not ok'),
    )
  })

  it('on a network failure logs it and keeps the old dictionary', async () => {
    const offline = new TypeError('Failed to fetch')
    serve(() => Promise.reject(offline))

    await expect(loadDictionary('hu', CZECH)).resolves.toBe(CZECH)
    expect(errors).toHaveBeenCalledWith('Failed to load translations:', offline)
  })

  it('keeps the old dictionary when the answer is not a dictionary', async () => {
    serve(() => Response.json(['not', 'a', 'dictionary']))

    await expect(loadDictionary('pl', CZECH)).resolves.toBe(CZECH)
    expect(errors).toHaveBeenCalledWith('Failed to load translations:', expect.any(TypeError))
  })

  it('leaves out entries that are not texts and the back office’s own texts', async () => {
    serve(() =>
      Response.json({
        'list.noItems': 'Nincs elem.',
        'list.loading': 42,
        'admin.nav.tags': 'Címkék',
      }),
    )

    await expect(loadDictionary('hu', CZECH)).resolves.toEqual({ 'list.noItems': 'Nincs elem.' })
  })
})
