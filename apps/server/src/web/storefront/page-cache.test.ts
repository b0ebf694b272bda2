import { describe, expect, it } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { cookieName } from '../../platform/http/cookie-policy.ts'
import { createPageCache } from './page-cache.ts'

/** A request as the page cache reads it: method, URL, host and cookies. */
function request(url: string, cookies: Record<string, string> = {}): FastifyRequest {
  return {
    method: 'GET',
    url,
    host: 'shop.test',
    cookies,
    server: { cookiePolicy: { secure: false } },
  } as unknown as FastifyRequest
}

describe('which pages the page cache may keep', () => {
  const cache = createPageCache()

  it('keys a document page by host and address, with the consent choice', () => {
    expect(cache.keyOf(request('/cs/terms'))).toBe('shop.test/cs/terms')
    const cookies = { [cookieName('locale', false)]: 'en', [cookieName('consent', false)]: 'all' }
    expect(cache.keyOf(request('/en', cookies))).toBe('shop.test/en|consent=all')
  })

  it('never keys a product or category page, which no document can answer', () => {
    expect(cache.keyOf(request('/cs/p/12/ray-ban-rb-2140'))).toBeNull()
    expect(cache.keyOf(request('/cs/c/5/brylove-obruby/'))).toBeNull()
    // Shorter or longer addresses under p/ and c/ fall through to the documents.
    expect(cache.keyOf(request('/cs/p/12'))).toBe('shop.test/cs/p/12')
    expect(cache.keyOf(request('/cs/c/5/obruby/more'))).toBe('shop.test/cs/c/5/obruby/more')
  })

  it('never keys a request with a query, a data request or other cookies', () => {
    expect(cache.keyOf(request('/cs/terms?x=1'))).toBeNull()
    expect(cache.keyOf(request('/cs/terms.data'))).toBeNull()
    expect(cache.keyOf(request('/cs/terms', { [cookieName('cart', false)]: 'abc' }))).toBeNull()
  })
})
