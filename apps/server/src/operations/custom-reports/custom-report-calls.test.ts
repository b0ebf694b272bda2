import { afterAll, beforeAll, describe } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser } from '../../../test/inject-json.ts'
import { itGuardsItsCalls, type Call } from '../../../test/kits/guarded-calls-kit.ts'

/**
 * The seed's custom-report calls as listed in ADMIN-CALLS.md (outside the repository, copied
 * here so CI checks them): each is registered for its method, refuses anonymous callers (401)
 * and users without its key (403: `reports` to view, `reportsConfig` to configure), and answers
 * an administrator's empty or garbage request with a translated 4xx or a 2xx — never a 500.
 */
const BASE = '/admin/bundle/customreports/custom-report'
const CUSTOM_REPORT_CALLS: readonly Call[] = [
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

describe('the seed’s custom-report calls', () => {
  itGuardsItsCalls({
    calls: CUSTOM_REPORT_CALLS,
    context: () => ({ t, admin: adminCookie, withoutKey: objectsOnlyCookie }),
    garbage: {
      name: "x'; drop table orders; --",
      newName: '../..',
      filter: '{',
      sql: 'DELETE FROM orders',
      configuration: '{',
      jobId: 'nope',
      field: 1,
    },
  })
})
