import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser } from '../../../test/inject-json.ts'
import { itGuardsItsCalls, type Call } from '../../../test/kits/guarded-calls-kit.ts'

/**
 * The seed's section 7 "workflow" (6 calls, ADMIN-CALLS.md): each registered for its method,
 * 401 for an anonymous caller, 403 for a signed-in user who works on no element tree, and an
 * administrator's empty request answered with a translated 4xx — never a 500. What each call does
 * is proven in workflow.test.ts. The definitions API (not in the seed) is checked the same way.
 */
const WORKFLOW_CALLS: readonly Call[] = [
  ['POST', '/admin/workflow/get-workflow-form'],
  ['POST', '/admin/workflow/submit-workflow-transition'],
  ['POST', '/admin/workflow/submit-global-action'],
  ['POST', '/admin/workflow/modal-custom-html'],
  ['GET', '/admin/workflow/get-workflow-details'],
  ['GET', '/admin/workflow/show-graph'],
]

const DEFINITION_CALLS: readonly Call[] = [
  ['GET', '/admin/workflow/definitions'],
  ['GET', '/admin/workflow/definitions/options'],
  ['POST', '/admin/workflow/definitions'],
  ['POST', '/admin/workflow/definitions/validate'],
  ['POST', '/admin/workflow/definitions/graph'],
  ['GET', '/admin/workflow/definitions/1'],
  ['PUT', '/admin/workflow/definitions/1'],
  ['DELETE', '/admin/workflow/definitions/1'],
]

const CALLS = [...WORKFLOW_CALLS, ...DEFINITION_CALLS]

let t: TestApp
let adminCookie: string
/** Works on orders only: neither an element tree nor workflows. */
let ordersOnlyCookie: string
/** Works on objects, but may not define workflows. */
let objectsOnlyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'wf-calls-admin', isAdmin: true })
  ordersOnlyCookie = await signInNewUser(t.database.db, {
    username: 'wf-calls-orders',
    permissions: ['orders'],
  })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'wf-calls-objects',
    permissions: ['objects'],
  })
})
afterAll(async () => {
  await t.close()
})

describe('the seed’s workflow calls', () => {
  it('lists the 6 workflow calls', () => {
    expect(WORKFLOW_CALLS).toHaveLength(6)
  })

  itGuardsItsCalls({
    calls: CALLS,
    context: () => ({ t, admin: adminCookie, withoutKey: ordersOnlyCookie }),
    garbage: {
      ctype: 'planet',
      cid: -4,
      workflowName: '<script>',
      transition: '{',
      workflow: '<x>',
    },
    route: (path) => path.replace(/\/1$/, '/:id'),
  })

  it.each(DEFINITION_CALLS)(
    '%s %s needs the workflow key (objects alone are refused with 403)',
    async (method, path) => {
      const response = await injectAs(t.app, method, path, objectsOnlyCookie)
      expect(response.statusCode).toBe(403)
    },
  )

  it.each(WORKFLOW_CALLS)('%s %s answers garbage with a translated 4xx', async (method, path) => {
    const garbage = {
      ctype: 'planet',
      cid: -4,
      workflowName: '<script>',
      transition: { nested: true },
      workflowOptions: 'x',
    }
    const response =
      method === 'GET'
        ? await injectAs(
            t.app,
            method,
            `${path}?ctype=planet&cid=abc&workflow=%3Cx%3E`,
            adminCookie,
          )
        : await injectAs(t.app, method, path, adminCookie, garbage)
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
  })
})
