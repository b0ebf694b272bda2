import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'

/**
 * The seed's custom-report calls as listed in ADMIN-CALLS.md (outside the repository, copied
 * here so CI checks them): each is registered for its method, refuses anonymous callers (401)
 * and users without its key (403: `reports` to view, `reportsConfig` to configure), and answers
 * an administrator's empty or garbage request with a translated 4xx or a 2xx — never a 500.
 */
const BASE = '/admin/bundle/customreports/custom-report'
const CUSTOM_REPORT_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', `${BASE}/tree`],
  ['POST', `${BASE}/tree`],
  ['GET', `${BASE}/portlet-report-list`],
  ['POST', `${BASE}/portlet-report-list`],
  ['GET', `${BASE}/data`],
  ['POST', `${BASE}/data`],
  ['GET', `${BASE}/drill-down-options`],
  ['POST', `${BASE}/drill-down-options`],
  ['GET', `${BASE}/chart`],
  ['POST', `${BASE}/chart`],
  ['POST', `${BASE}/add`],
  ['POST', `${BASE}/clone`],
  ['POST', `${BASE}/column-config`],
  ['DELETE', `${BASE}/delete`],
  ['GET', `${BASE}/get`],
  ['GET', `${BASE}/get-report-config`],
  ['GET', `${BASE}/create-csv`],
  ['GET', `${BASE}/download-csv`],
  ['PUT', `${BASE}/update`],
]

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let adminCookie: string
let objectsOnlyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, {
    username: 'report-calls-admin',
    isAdmin: true,
  })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'report-calls-objects',
    permissions: ['objects'],
  })
})
afterAll(() => t.close())

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

describe('the seed’s custom-report calls', () => {
  it('lists 19 calls, each once', () => {
    expect(new Set(CUSTOM_REPORT_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(19)
  })

  it.each(CUSTOM_REPORT_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(CUSTOM_REPORT_CALLS)(
    '%s %s refuses an anonymous caller with 401',
    async (method, path) => {
      expect((await call(method, path, null)).statusCode).toBe(401)
    },
  )

  it.each(CUSTOM_REPORT_CALLS)(
    '%s %s refuses a user without the key with 403',
    async (method, path) => {
      expect((await call(method, path, objectsOnlyCookie)).statusCode).toBe(403)
    },
  )

  it.each(CUSTOM_REPORT_CALLS)(
    '%s %s answers an empty and a garbage request without a server error',
    async (method, path) => {
      const garbage = {
        name: "x'; drop table orders; --",
        newName: '../..',
        filter: '{',
        sql: 'DELETE FROM orders',
        configuration: '{',
        jobId: 'nope',
        field: 1,
      }
      for (const payload of [undefined, garbage]) {
        const query =
          method === 'GET' || method === 'DELETE'
            ? `?${new URLSearchParams(payload ? (payload as unknown as Record<string, string>) : {}).toString()}`
            : ''
        const response = await call(
          method,
          `${path}${query}`,
          adminCookie,
          method === 'GET' || method === 'DELETE' ? undefined : payload,
        )
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode >= 400) {
          const body = response.json<{ code?: unknown; message?: unknown }>()
          expect(typeof body.code).toBe('string')
          expect(body.message).not.toMatch(UNTRANSLATED_KEY)
        }
      }
    },
  )
})
