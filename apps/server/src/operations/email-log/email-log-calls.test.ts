import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'

/**
 * The seed's "email log (7)" calls as listed in ADMIN-CALLS.md (outside the repository, copied
 * here so CI checks them), plus the journeys' older `show-email-log/:id`: each is registered for
 * its method, refuses anonymous callers (401) and users without `emails` (403), and answers an
 * administrator's empty or garbage request with a translated 4xx or a 2xx — never a 500.
 */
const EMAIL_LOG_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/email/email-logs'],
  ['POST', '/admin/email/email-logs'],
  ['GET', '/admin/email/show-email-log'],
  ['DELETE', '/admin/email/delete-email-log'],
  ['POST', '/admin/email/resend-email'],
  ['POST', '/admin/email/send-test-email'],
  ['POST', '/admin/email/blocklist'],
]

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let adminCookie: string
let objectsOnlyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'mail-calls-admin', isAdmin: true })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'mail-calls-objects',
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

describe('the seed’s e-mail log calls', () => {
  it('lists 7 calls, each once', () => {
    expect(new Set(EMAIL_LOG_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(7)
  })

  it.each(EMAIL_LOG_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(EMAIL_LOG_CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
  })

  it.each(EMAIL_LOG_CALLS)('%s %s refuses a user without emails with 403', async (method, path) => {
    const response = await call(method, path, objectsOnlyCookie)
    expect(response.statusCode).toBe(403)
  })

  it.each(EMAIL_LOG_CALLS)(
    '%s %s answers an empty and a garbage request without a server error',
    async (method, path) => {
      for (const payload of [undefined, { id: 'x', xaction: 'nope', data: '{', emailType: 1 }]) {
        const response = await call(
          method,
          path,
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

  it('keeps the journeys’ GET show-email-log/:id', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/admin/email/show-email-log/:id' })).toBe(true)
  })
})
