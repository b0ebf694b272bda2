import { describe, expect, it } from 'vitest'
import {
  compileStaticRoute,
  fillTemplate,
  matchStaticRoute,
  pageAddress,
} from './compile-static-route.ts'

describe('static route patterns', () => {
  it('compiles the simple syntax: one segment per variable, a trailing slash allowed', () => {
    const compiled = compileStaticRoute({ syntax: 'simple', pattern: '/{locale}/brand/{slug}' })
    expect(compiled.variables).toEqual(['locale', 'slug'])
    expect(matchStaticRoute(compiled, '/cs/brand/ray-ban/', {})).toEqual({
      locale: 'cs',
      slug: 'ray-ban',
    })
    expect(matchStaticRoute(compiled, '/cs/brand/a/b', {})).toBeNull()
    expect(matchStaticRoute(compiled, '/de/brand/a', {})).toBeNull()
  })

  it('decodes values and refuses undecodable or control characters', () => {
    const compiled = compileStaticRoute({ syntax: 'simple', pattern: '/{locale}/brand/{slug}' })
    expect(matchStaticRoute(compiled, '/en/brand/caf%C3%A9', {})).toEqual({
      locale: 'en',
      slug: 'café',
    })
    expect(matchStaticRoute(compiled, '/en/brand/%E0%A4%A', {})).toBeNull()
    expect(matchStaticRoute(compiled, '/en/brand/a%0Ab', {})).toBeNull()
  })

  it('takes defaults for variables the address leaves out', () => {
    const compiled = compileStaticRoute({ syntax: 'regex', pattern: '/sale(?:/(?<page>[0-9]+))?' })
    expect(matchStaticRoute(compiled, '/sale', { page: '1', locale: 'en' })).toEqual({
      page: '1',
      locale: 'en',
    })
    expect(matchStaticRoute(compiled, '/sale/3', { page: '1' })).toEqual({ page: '3' })
  })

  it('fills templates, encoding values, and says when a value is missing', () => {
    expect(fillTemplate('cid=12&brand={slug}', { slug: 'a&b=c' })).toBe('cid=12&brand=a%26b%3Dc')
    expect(fillTemplate('/{locale}/x', {})).toBeNull()
  })

  it('builds page targets from the shop’s named routes only', () => {
    expect(pageAddress('search?q={q}', { locale: 'pl', q: 'oprawki' })).toBe('/pl/search?q=oprawki')
    expect(pageAddress('api_products', { locale: 'pl' })).toBeNull()
    expect(pageAddress('nope', { locale: 'pl' })).toBeNull()
  })

  it.each(['/(a+)+$', '/([a-z]*)*x', '/(a|a)*b', '/(?<x>a)\\k<x>', '/(unclosed'])(
    'refuses %s',
    (pattern) => {
      expect(() => compileStaticRoute({ syntax: 'regex', pattern })).toThrow()
    },
  )
})
