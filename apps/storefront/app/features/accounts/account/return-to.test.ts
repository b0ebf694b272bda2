import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './return-to.ts'

describe('the page to return to after signing in', () => {
  it('accepts the shop’s own pages with their query', () => {
    expect(safeReturnTo('/cs/account')).toBe('/cs/account')
    expect(safeReturnTo('/en/account/orders?page=2')).toBe('/en/account/orders?page=2')
  })

  it('refuses other sites, other paths and tricks that browsers read as another host', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/cs/account',
      '//evil.example/cs/account',
      '/cs//evil.example',
      '/\\evil.example',
      '/cs/\\evil.example',
      '/xx/account',
      '/admin/users',
      '/cs',
      'cs/account',
      '/cs/acc\nount',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(value), String(value)).toBeNull()
    }
  })
})
