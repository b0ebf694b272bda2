import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { insertCatalogueFixture } from '../../../test/fixtures/catalogue-fixture.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'

describe('answers meant for one person are private, no-store', () => {
  let t: TestApp
  let shopper: string
  beforeAll(async () => {
    await ensureStorefrontBuild()
    t = await buildTestApp({
      deps: { storefrontBuildDir: STOREFRONT_BUILD_DIR },
      configure(app) {
        app.get('/api/test/greeting', async () => ({ hello: 'world' }))
        app.get('/api/test/own-caching', async (_request, reply) => {
          reply.header('cache-control', 'public, max-age=60')
          return { same: 'for everybody' }
        })
      },
    })
    await insertCatalogueFixture(t.database.db)
    const customer = await insertCustomer(t.database.db)
    shopper = await signInCustomer(t.app, customer.email)
  }, 120_000)
  afterAll(() => t.close())

  it('every back-office JSON answer, also one whose route sets no caching', async () => {
    const admin = await signIn(
      t.database.db,
      await insertAdminUser(t.database.db, { username: 'cache-reader' }),
    )
    const current = await t.app.inject({
      url: '/admin/user/get-current-user',
      headers: { cookie: admin },
    })
    expect(current.statusCode).toBe(200)
    expect(current.headers['content-type']).toContain('application/json')
    expect(current.headers['cache-control']).toBe('private, no-store')
    // A route's own stricter value stays.
    const anonymous = await t.app.inject({ url: '/admin/user/get-current-user' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['cache-control']).toMatch(/no-store/)
  })

  it('a signed-in shopper’s pages and API answers; an anonymous visitor’s keep theirs', async () => {
    const page = await t.app.inject({ url: '/cs', headers: { cookie: shopper } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('private, no-store')
    const api = await t.app.inject({ url: '/api/test/greeting', headers: { cookie: shopper } })
    expect(api.headers['cache-control']).toBe('private, no-store')

    const anonymousPage = await t.app.inject({ url: '/cs' })
    expect(anonymousPage.statusCode).toBe(200)
    expect(anonymousPage.headers['cache-control']).toBeUndefined()
    const anonymousApi = await t.app.inject({ url: '/api/test/greeting' })
    expect(anonymousApi.headers['cache-control']).toBeUndefined()
    const list = await t.app.inject({ url: '/api/products' })
    expect(list.headers['cache-control']).toBe('public, max-age=30')
  })

  it('still answers a request refused before the viewer was read', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie: shopper, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['cache-control']).toMatch(/no-store/)
  })

  it('keeps the caching a route chose for itself', async () => {
    const own = await t.app.inject({ url: '/api/test/own-caching', headers: { cookie: shopper } })
    expect(own.headers['cache-control']).toBe('public, max-age=60')
  })
})
