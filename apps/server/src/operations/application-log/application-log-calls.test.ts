import { afterAll, beforeAll, describe } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser } from '../../../test/inject-json.ts'
import { itGuardsItsCalls, type Call } from '../../../test/kits/guarded-calls-kit.ts'

/**
 * The seed's "logger show" calls as listed in ADMIN-CALLS.md (Pimcore's ApplicationLoggerBundle,
 * copied here so CI checks them): each is registered for its method, refuses anonymous callers
 * (401) and users without `applicationLogging` (403), and answers an administrator's empty or
 * garbage request with a translated 4xx or a 2xx — never a 500.
 */
const APPLICATION_LOG_CALLS: readonly Call[] = [
  ['GET', '/admin/bundle/applicationlogger/log/show'],
  ['POST', '/admin/bundle/applicationlogger/log/show'],
  ['GET', '/admin/bundle/applicationlogger/log/priority-json'],
  ['GET', '/admin/bundle/applicationlogger/log/component-json'],
  ['GET', '/admin/bundle/applicationlogger/log/show-file-object'],
]

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

describe('the seed’s application log calls', () => {
  itGuardsItsCalls({
    calls: APPLICATION_LOG_CALLS,
    context: () => ({ t, admin: adminCookie, withoutKey: objectsOnlyCookie }),
    garbage: { id: 'x', priority: 'high', sort: '[{', start: -1, data: '{' },
  })
})
