import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../test/inject-json.ts'

/**
 * The seed's section 7 "Assets" (41 calls) and "Asset helper" (12 calls), as listed in
 * ADMIN-CALLS.md, which lives outside the repository: copied here so CI can check them. Each must
 * be registered for its method, refuse an anonymous caller with 401 and a signed-in user without
 * the `assets` permission with 403, and answer an administrator's empty request with a
 * translated 4xx or a 2xx — never a 500. What each call does is proven in asset-flow.test.ts and
 * in the slices' own tests.
 */
const ASSET_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/asset/tree-get-root'],
  ['GET', '/admin/asset/delete-info'],
  ['GET', '/admin/asset/get-data-by-id'],
  ['GET', '/admin/asset/tree-get-children-by-id'],
  ['GET', '/admin/asset/exists'],
  ['GET', '/admin/asset/show-version'],
  ['GET', '/admin/asset/download'],
  ['GET', '/admin/asset/download-image-thumbnail'],
  ['GET', '/admin/asset/get-asset'],
  ['GET', '/admin/asset/get-image-thumbnail'],
  ['GET', '/admin/asset/get-folder-thumbnail'],
  ['GET', '/admin/asset/get-video-thumbnail'],
  ['GET', '/admin/asset/get-document-thumbnail'],
  ['GET', '/admin/asset/get-preview-document'],
  ['GET', '/admin/asset/get-preview-video'],
  ['GET', '/admin/asset/serve-video-preview'],
  ['GET', '/admin/asset/image-editor'],
  ['GET', '/admin/asset/get-folder-content-preview'],
  ['GET', '/admin/asset/copy-info'],
  ['GET', '/admin/asset/download-as-zip-jobs'],
  ['GET', '/admin/asset/download-as-zip-add-files'],
  ['GET', '/admin/asset/download-as-zip'],
  ['GET', '/admin/asset/get-text'],
  ['POST', '/admin/asset/add-asset'],
  ['POST', '/admin/asset/add-asset-compatibility'],
  ['POST', '/admin/asset/add-folder'],
  ['POST', '/admin/asset/publish-version'],
  ['POST', '/admin/asset/copy'],
  ['POST', '/admin/asset/import-zip'],
  ['POST', '/admin/asset/import-zip-files'],
  ['POST', '/admin/asset/clear-thumbnail'],
  ['POST', '/admin/asset/replace-asset'],
  ['PUT', '/admin/asset/replace-asset'],
  ['DELETE', '/admin/asset/delete'],
  ['PUT', '/admin/asset/update'],
  ['PUT', '/admin/asset/image-editor-save'],
  ['PUT', '/admin/asset/save'],
  ['POST', '/admin/asset/save'],
  ['GET', '/admin/asset/grid-proxy'],
  ['POST', '/admin/asset/grid-proxy'],
  ['PUT', '/admin/asset/grid-proxy'],
]

const ASSET_HELPER_CALLS: readonly (readonly [Method, string])[] = [
  ['DELETE', '/admin/asset-helper/grid-delete-column-config'],
  ['GET', '/admin/asset-helper/grid-get-column-config'],
  ['GET', '/admin/asset-helper/download-csv-file'],
  ['GET', '/admin/asset-helper/download-xlsx-file'],
  ['GET', '/admin/asset-helper/get-metadata-for-column-config'],
  ['POST', '/admin/asset-helper/prepare-helper-column-configs'],
  ['POST', '/admin/asset-helper/grid-mark-favourite-column-config'],
  ['POST', '/admin/asset-helper/grid-save-column-config'],
  ['POST', '/admin/asset-helper/get-export-jobs'],
  ['POST', '/admin/asset-helper/do-export'],
  ['POST', '/admin/asset-helper/get-batch-jobs'],
  ['PUT', '/admin/asset-helper/batch'],
]

const CALLS = [...ASSET_CALLS, ...ASSET_HELPER_CALLS]

let t: TestApp
let adminCookie: string
/** A real staff member who may edit objects, but not assets. */
let objectsOnlyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'calls-admin', isAdmin: true })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'calls-objects-only',
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

/** A message key left untranslated looks like `assetTree.notFound`. */
const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

describe('the seed’s asset and asset-helper calls', () => {
  it('lists 41 asset and 12 asset-helper calls, each once', () => {
    expect(ASSET_CALLS).toHaveLength(41)
    expect(ASSET_HELPER_CALLS).toHaveLength(12)
    const seen = CALLS.map(([method, path]) => `${method} ${path}`)
    expect(new Set(seen).size).toBe(53)
  })

  it.each(CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(CALLS)(
    '%s %s refuses a user without the assets permission with 403',
    async (method, path) => {
      const response = await call(method, path, objectsOnlyCookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
    },
  )

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
})
