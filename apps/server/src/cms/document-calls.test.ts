import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../test/kits/admin-users-test-kit.ts'

let t: TestApp

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The seed's 64 document calls (ADMIN-CALLS "document" and "document types"), as routes. */
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

beforeAll(async () => {
  t = await buildTestApp()
})

afterAll(async () => {
  await t.close()
})

describe('the seed’s document calls', () => {
  it('are 64', () => {
    expect(DOCUMENT_CALLS).toHaveLength(64)
    expect(new Set(DOCUMENT_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(64)
  })

  it('are all registered', () => {
    const missing = DOCUMENT_CALLS.filter(([method, url]) => !t.app.hasRoute({ method, url }))
    expect(missing.map(([m, p]) => `${m} ${p}`)).toEqual([])
  })

  it('refuse anonymous callers (401) and back-office users without the documents key (403)', async () => {
    const userId = await insertAdminUser(t.database.db, {
      username: 'documents-no-key',
      permissions: ['assets', 'objects'],
    })
    const noKey = await signIn(t.database.db, userId)
    for (const [method, path] of DOCUMENT_CALLS) {
      const url = urlOf(path)
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { id: 1 }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) })
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401)
      const refused = await t.app.inject({
        method,
        url,
        headers: { cookie: noKey },
        ...(payload ? { payload } : {}),
      })
      expect(refused.statusCode, `no key ${method} ${url}: ${refused.body}`).toBe(403)
    }
  })
})
