import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

describe('security headers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('sends a nonce-based CSP that forbids framing, with a fresh nonce per request', async () => {
    const first = await t.app.inject({ url: '/healthz' })
    const second = await t.app.inject({ url: '/healthz' })
    const csp = String(first.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain("script-src 'unsafe-inline'")
    expect(second.headers['content-security-policy']).not.toBe(csp)
  })

  it('sends HSTS, nosniff, a referrer policy and a frame denial', async () => {
    const { headers } = await t.app.inject({ url: '/api/translations/cs' })
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['x-frame-options']).toBe('DENY')
  })

  it('lets only a storefront page asked for as a preview be framed, and only by the shop itself', async () => {
    const preview = await t.app.inject({ url: '/cs/terms?preview=1' })
    expect(String(preview.headers['content-security-policy'])).toContain("frame-ancestors 'self'")
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN')
    for (const url of [
      '/cs/terms',
      '/cs/terms?preview=0',
      '/admin/?preview=1',
      '/api/translations/cs?preview=1',
    ]) {
      const { headers } = await t.app.inject({ url })
      expect(String(headers['content-security-policy']), url).toContain("frame-ancestors 'none'")
      expect(headers['x-frame-options'], url).toBe('DENY')
    }
  })

  it('tags every response with a request id, keeping a well-formed one from a proxy', async () => {
    const own = await t.app.inject({ url: '/healthz' })
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const given = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'proxy-req-12345' },
    })
    expect(given.headers['x-request-id']).toBe('proxy-req-12345')
    const hostile = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': '<script>' } })
    expect(hostile.headers['x-request-id']).not.toBe('<script>')
  })

  it('serves the OpenAPI document and its viewer at /api/docs', async () => {
    const spec = await t.app.inject({ url: '/api/docs/json' })
    expect(spec.statusCode).toBe(200)
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths)
    expect(paths).toContain('/api/translations/{locale}')
    const viewer = await t.app.inject({ url: '/api/docs/' })
    expect(viewer.statusCode).toBe(200)
    expect(viewer.headers['content-type']).toContain('text/html')
  })

  it('lets pictures come from the dealer map’s tile server only when MAP_TILE_URL names one', async () => {
    const csp = String((await t.app.inject({ url: '/healthz' })).headers['content-security-policy'])
    expect(csp).toContain("img-src 'self' data: blob:;")
    const tiles = await buildTestApp({
      env: { MAP_TILE_URL: 'https://tiles.example.com/osm/{z}/{x}/{y}.png' },
    })
    try {
      const page = await tiles.app.inject({ url: '/healthz' })
      expect(String(page.headers['content-security-policy'])).toContain(
        "img-src 'self' data: blob: https://tiles.example.com;",
      )
      expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self';")
    } finally {
      await tiles.close()
    }
  })
})
