import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser } from '../../../test/inject-json.ts'
import { itGuardsItsCalls, type Call } from '../../../test/kits/guarded-calls-kit.ts'

/**
 * The seed's section 7 "GDPR" calls (8, Pimcore's `/admin/gdpr/*`) as listed in ADMIN-CALLS.md,
 * plus the customers' provider beside them (decision 064). Each is registered for its method,
 * refuses an anonymous caller with 401 and a user without the `gdpr` key with 403, and answers
 * an administrator's empty request with a translated 4xx or a 2xx — never a 500. What each does
 * is proven in gdpr-flow.test.ts.
 */
const SEED_CALLS: readonly Call[] = [
  ['GET', '/admin/gdpr/get-data-providers'],
  ['GET', '/admin/gdpr/data-object/search-data-objects'],
  ['GET', '/admin/gdpr/data-object/export'],
  ['GET', '/admin/gdpr/asset/search-assets'],
  ['GET', '/admin/gdpr/asset/export'],
  ['GET', '/admin/gdpr/pimcore-users/search-users'],
  ['GET', '/admin/gdpr/pimcore-users/export-user-data'],
  ['GET', '/admin/gdpr/sent-mail/export'],
]

const OWN_CALLS: readonly Call[] = [
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

describe('the seed’s GDPR calls', () => {
  it('lists 8 seed calls and 5 of our own', () => {
    expect(SEED_CALLS).toHaveLength(8)
  })

  itGuardsItsCalls({
    calls: CALLS,
    context: () => ({ t, admin: adminCookie, withoutKey: objectsOnlyCookie }),
    garbage: { id: 'abc', start: -5, limit: 999999, format: 'exe', query: 'x'.repeat(300) },
  })

  it('lists the five providers with their search and export addresses', async () => {
    const response = await injectAs(t.app, 'GET', '/admin/gdpr/get-data-providers', adminCookie)
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
