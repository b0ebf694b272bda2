import { describe, expect, it } from 'vitest'
import { safeReturnTo, toRouterLocation } from './auth-api.ts'

describe('safeReturnTo', () => {
  it('keeps back-office paths', () => {
    expect(safeReturnTo('/admin/user-management?user=3')).toBe('/admin/user-management?user=3')
    expect(safeReturnTo('/admin')).toBe('/admin')
  })
  it('refuses anything else, and the sign-in screens themselves', () => {
    expect(safeReturnTo('https://evil.example/admin')).toBe('/admin')
    expect(safeReturnTo('//evil.example')).toBe('/admin')
    expect(safeReturnTo('/administrator')).toBe('/admin')
    expect(safeReturnTo('/admin/login/2fa')).toBe('/admin')
    expect(safeReturnTo(null)).toBe('/admin')
  })
})

describe('toRouterLocation', () => {
  it('strips the /admin basename', () => {
    expect(toRouterLocation('/admin')).toBe('/')
    expect(toRouterLocation('/admin/profile')).toBe('/profile')
    expect(toRouterLocation('/admin?x=1')).toBe('/?x=1')
  })
})
