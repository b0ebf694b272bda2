import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'

/**
 * The seed's "translation" calls of ADMIN-CALLS.md (which lives outside the repository: copied
 * here) but `content-export-jobs`, which the content export registers. Each must be registered
 * for its method, refuse an anonymous caller with 401 and a user without `translations` with 403,
 * and answer an administrator's empty request with a translated 4xx or a 2xx — never a 500.
 */
const TRANSLATION_CALLS: readonly (readonly [Method, string])[] = [
  ['POST', '/admin/translation/import'],
  ['POST', '/admin/translation/upload-import'],
  ['POST', '/admin/translation/add-admin-translation-keys'],
  ['POST', '/admin/translation/translations'],
  ['GET', '/admin/translation/export'],
  ['DELETE', '/admin/translation/cleanup'],
  ['PUT', '/admin/translation/merge-item'],
  ['GET', '/admin/translation/get-website-translation-languages'],
  ['GET', '/admin/translation/get-translation-domains'],
]

let t: TestApp
let adminCookie: string
let withoutKeyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'tr-calls-admin', isAdmin: true })
  withoutKeyCookie = await signInNewUser(t.database.db, {
    username: 'tr-calls-objects',
    permissions: ['objects'],
  })
})
afterAll(async () => {
  await t.close()
})

function call(method: Method, url: string, cookie: string | null, payload?: string) {
  return t.app.inject({
    method,
    url,
    headers: {
      'accept-language': 'en',
      ...(cookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  })
}

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

describe('the seed’s translation calls', () => {
  it('lists the 9 calls of this slice, each once', () => {
    expect(new Set(TRANSLATION_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(9)
  })

  it.each(TRANSLATION_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(TRANSLATION_CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(TRANSLATION_CALLS)(
    '%s %s refuses a user without the translations permission with 403',
    async (method, path) => {
      const response = await call(method, path, withoutKeyCookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
    },
  )

  it.each(TRANSLATION_CALLS)(
    '%s %s answers an administrator’s empty or garbage request without a server error',
    async (method, path) => {
      for (const payload of [undefined, '{"data":"{not json","keys":7,"importId":"../../etc"}']) {
        if (method === 'GET' && payload !== undefined) continue
        const response = await call(method, path, adminCookie, payload)
        expect(response.statusCode, response.body).toBeLessThan(500)
        if (response.statusCode >= 400) {
          const body = response.json<{ code?: unknown; message?: unknown }>()
          expect(typeof body.code).toBe('string')
          expect(typeof body.message).toBe('string')
          expect(body.message).not.toMatch(UNTRANSLATED_KEY)
        }
      }
    },
  )
})
