import { describe, expect, it } from 'vitest'
import { regexRefusal } from './redirect-regex.ts'
import { buildRuleSet, fillTarget, followRedirects, type RedirectRule } from './redirect-rules.ts'

function rule(id: number, fields: Partial<RedirectRule>): RedirectRule {
  return {
    id,
    sourceType: 'path',
    source: '/',
    target: '/',
    statusCode: 301,
    priority: 0,
    siteId: null,
    language: null,
    active: true,
    passQuery: false,
    activeFrom: null,
    activeTo: null,
    expiresAt: null,
    ...fields,
  }
}

const now = new Date('2026-06-01T00:00:00Z')

describe('redirect rules', () => {
  it('finds an exact path among many by lookup, and a site-bound rule only on its site', () => {
    const rules = Array.from({ length: 20_000 }, (_, i) =>
      rule(i + 1, { source: `/cs/old-${i}`, target: `/cs/new-${i}` }),
    )
    rules.push(rule(99_999, { source: '/cs/site', target: '/cs/two', siteId: 2 }))
    const set = buildRuleSet(rules)
    const started = performance.now()
    expect(set.match({ path: '/cs/old-19999', query: '', siteId: null, now })?.location).toBe(
      '/cs/new-19999',
    )
    expect(performance.now() - started).toBeLessThan(50)
    expect(set.match({ path: '/cs/site', query: '', siteId: 1, now })).toBeNull()
    expect(set.match({ path: '/cs/site', query: '', siteId: 2, now })?.location).toBe('/cs/two')
  })

  it('keeps an absolute target on its own origin whatever the captures hold', () => {
    expect(fillTarget('https://shop.example/$1', ['', 'a/b'])).toBe('https://shop.example/a/b')
    expect(fillTarget('https://shop.example$1', ['', '.evil.example/x'])).toBe(
      'https://shop.example',
    )
    expect(fillTarget('/$1', ['', '/evil.example'])).toBe('/evil.example')
  })

  it('follows a chain to its end and calls a cycle a loop', () => {
    const set = buildRuleSet([
      rule(1, { source: '/a', target: '/b' }),
      rule(2, { source: '/b', target: 'https://shop.example/c' }),
      rule(3, { source: '/c', target: '/a' }),
    ])
    expect(
      followRedirects(set, '/a', { siteId: null, now, ownOrigin: 'https://shop.example' }).loops,
    ).toBe(true)
    // Another origin ends the chain.
    expect(
      followRedirects(set, '/a', { siteId: null, now, ownOrigin: 'https://other.example' }),
    ).toMatchObject({ loops: false, final: 'https://shop.example/c' })
  })
})

describe('catastrophic expressions', () => {
  it('refuses nested and overlapping repetition and back-references, within the budget', () => {
    for (const source of [
      '^(a+)+$',
      '^/(a|a)*$',
      '^/(\\d+)*x$',
      '(.*){1,32000}[bc]',
      '^(\\w+)\\1$',
    ]) {
      const started = performance.now()
      expect(regexRefusal(source), source).not.toBeNull()
      expect(performance.now() - started).toBeLessThan(2_000)
    }
  })

  it('accepts the expressions redirects are made of', () => {
    for (const source of [
      '^/cs/old/(.*)$',
      '^/(cs|en)/brand/([a-z0-9-]+)/?$',
      '@^/legacy/(\\d+)\\.html$@i',
    ]) {
      expect(regexRefusal(source), source).toBeNull()
    }
  })
})
