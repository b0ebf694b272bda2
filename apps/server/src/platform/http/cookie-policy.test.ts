import { Writable } from 'node:stream'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, login } from '../../../test/kits/admin-auth-test-support.ts'
import { cartClient, insertShopFixture, SHOP } from '../../../test/kits/cart-test-kit.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'
import { cookieName, cookiePolicyFor, isLoopbackHost } from './cookie-policy.ts'

describe('the cookie policy of PUBLIC_URL', () => {
  it('keeps Secure and __Host- for https, and for http on this machine', () => {
    for (const url of [
      'https://shop.example',
      'https://192.168.1.20',
      'http://localhost:3000',
      'http://shop.localhost:3000',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:3000',
    ]) {
      expect(cookiePolicyFor(url), url).toEqual({ secure: true, warning: null })
    }
    expect(cookieName('customerSession', true)).toBe('__Host-optika-shop')
    expect(cookieName('adminSession', true)).toBe('__Host-optika-admin')
    expect(cookieName('cart', true)).toBe('__Host-optika-cart')
    expect(cookieName('locale', true)).toBe('locale')
  })

  it('drops Secure and the prefix for plain http on any other host, and says why', () => {
    for (const url of [
      'http://192.168.1.20:3000',
      'http://staging.example',
      'http://[fe80::1]',
      'http://localhost.example',
    ]) {
      const policy = cookiePolicyFor(url)
      expect(policy.secure, url).toBe(false)
      expect(policy.warning, url).toContain(new URL(url).origin)
    }
    expect(cookieName('customerSession', false)).toBe('optika-shop')
    expect(cookieName('adminSession', false)).toBe('optika-admin')
    expect(cookieName('cart', false)).toBe('optika-cart')
    expect(cookieName('locale', false)).toBe('locale')
  })

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true)
    expect(isLoopbackHost('[::1]')).toBe(true)
    expect(isLoopbackHost('127.0.0.1')).toBe(true)
    expect(isLoopbackHost('128.0.0.1')).toBe(false)
    expect(isLoopbackHost('127.0.0.1.example')).toBe(false)
  })
})

/** The test app on `publicUrl` with the storefront pages, its warnings captured. */
async function appOn(publicUrl: string): Promise<{ t: TestApp; logLines: () => string[] }> {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  await ensureStorefrontBuild()
  const t = await buildTestApp({
    env: { PUBLIC_URL: publicUrl, LOG_LEVEL: 'warn' },
    deps: { logStream, storefrontBuildDir: STOREFRONT_BUILD_DIR },
  })
  await insertShopFixture(t.database.db)
  return { t, logLines: () => lines }
}

function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name)
}

describe('a shop on plain http in the LAN (PUBLIC_URL=http://192.168.1.20:3000)', () => {
  let t: TestApp
  let logLines: () => string[]
  beforeAll(async () => {
    ;({ t, logLines } = await appOn('http://192.168.1.20:3000'))
  }, 120_000)
  afterAll(() => t.close())

  it('logs one warning at start saying the cookies go without Secure', () => {
    const warnings = logLines().filter((line) => line.includes('PUBLIC_URL'))
    expect(warnings).toHaveLength(1)
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({
      level: 40,
      publicUrl: 'http://192.168.1.20:3000',
    })
  })

  it('signs a customer in with a plain cookie that works on the next request', async () => {
    const customer = await insertCustomer(t.database.db)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { login: customer.email, password: customer.password },
    })
    expect(response.statusCode).toBe(200)
    expect(response.cookies.map((c) => c.name)).toEqual(['optika-shop'])
    expect(cookieOf(response, 'optika-shop')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(cookieOf(response, 'optika-shop')?.secure).toBeUndefined()
    expect(response.headers['set-cookie']).not.toMatch(/Secure/i)

    const me = await t.app.inject({
      url: '/api/account/me',
      headers: { cookie: `optika-shop=${cookieOf(response, 'optika-shop')?.value}` },
    })
    expect(me.json()).toMatchObject({ customer: { id: customer.id } })
    // The https name means nothing here.
    const foreign = await t.app.inject({
      url: '/api/account/me',
      headers: { cookie: `__Host-optika-shop=${cookieOf(response, 'optika-shop')?.value}` },
    })
    expect(foreign.json()).toEqual({ customer: null })
  })

  it('keeps a guest cart across requests and hands it to the customer at sign-in', async () => {
    const guest = cartClient(t.app)
    const added = await guest.call('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.zofieBlack,
      quantity: 2,
    })
    expect(added.status).toBe(200)
    expect(guest.cartCookie).toMatch(/^optika-cart=/)
    const again = await guest.call<Cart>('GET', '/api/kosik')
    expect(again.body.items.map((item) => item.quantity)).toEqual([2])

    const customer = await insertCustomer(t.database.db)
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { cookie: guest.cartCookie ?? '' },
      payload: { login: customer.email, password: customer.password },
    })
    expect(merged.statusCode).toBe(200)
    // The guest cart's cookie is cleared under its plain name, the session set under its own.
    expect(cookieOf(merged, 'optika-cart')?.value).toBe('')
    const session = `optika-shop=${cookieOf(merged, 'optika-shop')?.value}`
    const cart = await cartClient(t.app, session).call<Cart>('GET', '/api/kosik')
    expect(cart.body.items.map((item) => item.quantity)).toEqual([2])
    // The kit signs in the same way.
    expect(await signInCustomer(t.app, customer.email, customer.password)).toMatch(/^optika-shop=/)
  })

  it('signs staff in with a plain cookie that opens the back office', async () => {
    const user = await insertAdminUser(t.database.db)
    const response = await login(t.app, user.username)
    expect(response.statusCode).toBe(200)
    const cookie = cookieOf(response, 'optika-admin')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeUndefined()
    const current = await t.app.inject({
      url: '/admin/user/get-current-user',
      headers: { cookie: `optika-admin=${cookie?.value}` },
    })
    expect(current.statusCode).toBe(200)
  })

  it('remembers the page language in a plain cookie', async () => {
    const page = await t.app.inject('/en')
    expect(page.statusCode).toBe(200)
    const locale = cookieOf(page, 'locale')
    expect(locale).toMatchObject({ value: 'en', httpOnly: true, sameSite: 'Lax' })
    expect(locale?.secure).toBeUndefined()
  })
})

describe('a shop on https or on this machine', () => {
  for (const publicUrl of ['https://shop.example', 'http://localhost:3000']) {
    describe(publicUrl, () => {
      let t: TestApp
      let logLines: () => string[]
      beforeAll(async () => {
        ;({ t, logLines } = await appOn(publicUrl))
      }, 120_000)
      afterAll(() => t.close())

      it('sets every cookie Secure, the session and cart cookies with __Host-, and warns of nothing', async () => {
        expect(logLines().filter((line) => line.includes('PUBLIC_URL'))).toEqual([])
        const customer = await insertCustomer(t.database.db)
        const shop = await t.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { login: customer.email, password: customer.password },
        })
        expect(cookieOf(shop, '__Host-optika-shop')).toMatchObject({ secure: true, path: '/' })

        const user = await insertAdminUser(t.database.db)
        const staff = await login(t.app, user.username)
        expect(cookieOf(staff, '__Host-optika-admin')).toMatchObject({ secure: true, path: '/' })

        const cart = await t.app.inject({
          method: 'POST',
          url: '/api/pridat-do-kosiku',
          payload: { productId: SHOP.zofieBlack, quantity: 1 },
        })
        expect(cookieOf(cart, '__Host-optika-cart')).toMatchObject({ secure: true, path: '/' })

        // The language cookie is Secure too (it used to lack it on http://localhost).
        const page = await t.app.inject('/cs')
        expect(cookieOf(page, 'locale')).toMatchObject({ value: 'cs', secure: true })
      })
    })
  }
})
