import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'

/**
 * The seed's section 7 "GDPR" calls (8, Pimcore's `/admin/gdpr/*`) as listed in ADMIN-CALLS.md,
 * plus the customers' provider beside them (decision 064). Each is registered for its method,
 * refuses an anonymous caller with 401 and a user without the `gdpr` key with 403, and answers
 * an administrator's empty request with a translated 4xx or a 2xx — never a 500. What each does
 * is proven in gdpr-flow.test.ts.
 */
const SEED_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/gdpr/get-data-providers'],
  ['GET', '/admin/gdpr/data-object/search-data-objects'],
  ['GET', '/admin/gdpr/data-object/export'],
  ['GET', '/admin/gdpr/asset/search-assets'],
  ['GET', '/admin/gdpr/asset/export'],
  ['GET', '/admin/gdpr/pimcore-users/search-users'],
  ['GET', '/admin/gdpr/pimcore-users/export-user-data'],
  ['GET', '/admin/gdpr/sent-mail/export'],
]

const OWN_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/gdpr/customer/search'],
  ['GET', '/admin/gdpr/customer/summary'],
  ['GET', '/admin/gdpr/customer/export'],
  ['POST', '/admin/gdpr/customer/anonymize'],
  ['GET', '/admin/gdpr/sent-mail/search-sent-mails'],
]

const CALLS = [...SEED_CALLS, ...OWN_CALLS]

let t: TestApp
let adminCookie: string
let objectsOnlyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'gdpr-calls-admin', isAdmin: true })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'gdpr-calls-objects-only',
    permissions: ['objects'],
  })
})
afterAll(async () => {
  await t.close()
})

function call(method: Method, url: string, cookie: string | null) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
  })
}

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

describe('the seed’s GDPR calls', () => {
  it('lists 8 seed calls and 5 of our own, each once', () => {
    expect(SEED_CALLS).toHaveLength(8)
    expect(new Set(CALLS.map(([method, path]) => `${method} ${path}`)).size).toBe(13)
  })

  it.each(CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(CALLS)('%s %s refuses a user without the gdpr key with 403', async (method, path) => {
    const response = await call(method, path, objectsOnlyCookie)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
  })

  it.each(CALLS)(
    '%s %s answers an administrator’s empty request without a server error',
    async (method, path) => {
      const response = await call(method, path, adminCookie)
      expect(response.statusCode).toBeLessThan(500)
      if (response.statusCode >= 400) {
        const body = response.json<{ code?: unknown; message?: unknown }>()
        expect(typeof body.code).toBe('string')
        expect(typeof body.message).toBe('string')
        expect(body.message).not.toMatch(UNTRANSLATED_KEY)
      }
    },
  )

  it.each(CALLS.filter(([method]) => method === 'GET'))(
    '%s %s answers garbage parameters with a 4xx or an empty page, never a 500',
    async (method, path) => {
      const response = await call(
        method,
        `${path}?id=abc&start=-5&limit=999999&format=exe&query=${'x'.repeat(300)}`,
        adminCookie,
      )
      expect(response.statusCode).toBeLessThan(500)
    },
  )

  it('lists the five providers with their search and export addresses', async () => {
    const response = await call('GET', '/admin/gdpr/get-data-providers', adminCookie)
    expect(response.statusCode).toBe(200)
    const body = response.json<{ data: { name: string; searchUrl: string }[] }>()
    expect(body.data.map((p) => p.name)).toEqual([
      'customers',
      'dataObjects',
      'assets',
      'adminUsers',
      'sentMails',
    ])
    for (const provider of body.data) {
      expect(t.app.hasRoute({ method: 'GET', url: provider.searchUrl })).toBe(true)
    }
  })
})
