import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../test/inject-json.ts'

/**
 * The seed's section 7 "Documents": 28 document calls and 36 per-type calls (page, snippet,
 * email, folder, hardlink, link), as ADMIN-CALLS.md lists them (it lives outside the repository:
 * copied here so CI checks them; `diff-versions/1/2` is the route `diff-versions/:from/:to`).
 * Each must be registered for its method, refuse an anonymous caller with 401 and a signed-in
 * user without the `documents` permission with 403, and answer an administrator's empty request
 * with a translated 4xx or a 2xx — never a 500. What each call does is proven in the slices'
 * tests and in document-flow.test.ts.
 */
const DOCUMENT_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/document/tree-get-root'],
  ['GET', '/admin/document/delete-info'],
  ['GET', '/admin/document/get-data-by-id'],
  ['GET', '/admin/document/tree-get-children-by-id'],
  ['GET', '/admin/document/doc-types'],
  ['GET', '/admin/document/get-doc-types'],
  ['GET', '/admin/document/copy-info'],
  ['GET', '/admin/document/get-id-for-path'],
  ['GET', '/admin/document/language-tree'],
  ['GET', '/admin/document/language-tree-root'],
  ['GET', '/admin/document/diff-versions/:from/:to'],
  ['POST', '/admin/document/add'],
  ['POST', '/admin/document/version-to-session'],
  ['POST', '/admin/document/publish-version'],
  ['POST', '/admin/document/copy'],
  ['DELETE', '/admin/document/delete'],
  ['DELETE', '/admin/document/remove-site'],
  ['PUT', '/admin/document/update'],
  ['PUT', '/admin/document/update-site'],
  ['PUT', '/admin/document/copy-rewrite-ids'],
  ['PUT', '/admin/document/convert'],
  ['PUT', '/admin/document/doc-types'],
  ['POST', '/admin/document/doc-types'],
  ['DELETE', '/admin/document/doc-types'],
  ['GET', '/admin/document/translation-determine-parent'],
  ['GET', '/admin/document/translation-check-language'],
  ['POST', '/admin/document/translation-add'],
  ['DELETE', '/admin/document/translation-remove'],
  ...(['page', 'snippet', 'email', 'folder', 'hardlink', 'link'] as const).flatMap(
    (type) =>
      [
        ['GET', `/admin/${type}/get-data-by-id`],
        ['PUT', `/admin/${type}/save`],
        ['POST', `/admin/${type}/save`],
        ['POST', `/admin/${type}/save-to-session`],
        ['DELETE', `/admin/${type}/remove-from-session`],
        ['PUT', `/admin/${type}/change-main-document`],
      ] as const,
  ),
]

/** A concrete URL of a route (path parameters filled with ids). */
function urlOf(path: string): string {
  return path.replace(/:[a-zA-Z]+/g, '1')
}

let t: TestApp
let adminCookie: string
/** A real staff member who may edit assets and objects, but not documents. */
let withoutDocumentsCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'doc-calls-admin', isAdmin: true })
  withoutDocumentsCookie = await signInNewUser(t.database.db, {
    username: 'doc-calls-no-documents',
    permissions: ['assets', 'objects'],
  })
})

afterAll(async () => {
  await t.close()
})

function call(method: Method, path: string, cookie: string | null) {
  return t.app.inject({
    method,
    url: urlOf(path),
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
  })
}

/** A message key left untranslated looks like `cmsTree.documentNotFound`. */
const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

describe('the seed’s document calls', () => {
  it('lists 28 document and 36 per-type calls, each once', () => {
    expect(DOCUMENT_CALLS).toHaveLength(64)
    expect(new Set(DOCUMENT_CALLS.map(([method, path]) => `${method} ${path}`)).size).toBe(64)
  })

  it.each(DOCUMENT_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(DOCUMENT_CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(DOCUMENT_CALLS)(
    '%s %s refuses a user without the documents permission with 403',
    async (method, path) => {
      const response = await call(method, path, withoutDocumentsCookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
    },
  )

  it.each(DOCUMENT_CALLS)(
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
})
