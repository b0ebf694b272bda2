import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'

/**
 * The seed's "logger show" calls as listed in ADMIN-CALLS.md (Pimcore's ApplicationLoggerBundle,
 * copied here so CI checks them): each is registered for its method, refuses anonymous callers
 * (401) and users without `applicationLogging` (403), and answers an administrator's empty or
 * garbage request with a translated 4xx or a 2xx — never a 500.
 */
const APPLICATION_LOG_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/bundle/applicationlogger/log/show'],
  ['POST', '/admin/bundle/applicationlogger/log/show'],
  ['GET', '/admin/bundle/applicationlogger/log/priority-json'],
  ['GET', '/admin/bundle/applicationlogger/log/component-json'],
  ['GET', '/admin/bundle/applicationlogger/log/show-file-object'],
]

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let adminCookie: string
let objectsOnlyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, {
    username: 'applog-calls-admin',
    isAdmin: true,
  })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'applog-calls-objects',
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

describe('the seed’s application log calls', () => {
  it('lists 5 calls, each once', () => {
    expect(new Set(APPLICATION_LOG_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(5)
  })

  it.each(APPLICATION_LOG_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(APPLICATION_LOG_CALLS)('%s %s refuses an anonymous caller with 401', async (m, path) => {
    expect((await call(m, path, null)).statusCode).toBe(401)
  })

  it.each(APPLICATION_LOG_CALLS)(
    '%s %s refuses a user without applicationLogging with 403',
    async (method, path) => {
      expect((await call(method, path, objectsOnlyCookie)).statusCode).toBe(403)
    },
  )

  it.each(APPLICATION_LOG_CALLS)(
    '%s %s answers an empty and a garbage request without a server error',
    async (method, path) => {
      const garbage = { id: 'x', priority: 'high', sort: '[{', start: -1, data: '{' }
      for (const payload of [undefined, garbage]) {
        const url =
          method === 'GET' && payload
            ? `${path}?${new URLSearchParams(garbage as never).toString()}`
            : path
        const response = await call(
          method,
          url,
          adminCookie,
          method === 'GET' ? undefined : payload,
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
