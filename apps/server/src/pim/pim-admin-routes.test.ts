import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PIM_ADMIN_ROUTES, PIM_API_AREAS } from '@optika/domain/pim/pim-admin-routes'
import { isWithinPath } from '@optika/domain/admin/admin-screens'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

/** A concrete URL for a route pattern (`:from` → 1). */
function concrete(path: string): string {
  return path.replace(/:[a-z]+/gi, '1')
}

describe('the seed’s product-information admin calls', () => {
  it('lists each call once and only inside the guarded areas', () => {
    const seen = PIM_ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`)
    expect(new Set(seen).size).toBe(seen.length)
    for (const route of PIM_ADMIN_ROUTES) {
      expect(PIM_API_AREAS.some((area) => isWithinPath(route.path, area))).toBe(true)
    }
  })

  it.each(PIM_ADMIN_ROUTES.map((r) => [r.method, r.path] as const))(
    '%s %s is registered and refuses an anonymous caller with 401',
    async (method, path) => {
      expect(t.app.hasRoute({ method, url: path })).toBe(true)
      const response = await t.app.inject({ method, url: concrete(path) })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
    },
  )
})
