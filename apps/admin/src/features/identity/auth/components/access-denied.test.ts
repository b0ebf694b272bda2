import { describe, expect, it } from 'vitest'
import { ADMIN_AREAS } from '../../../../config/admin-navigation.ts'
import { hasAnyPermission } from './access-denied.tsx'

describe('hasAnyPermission', () => {
  const clerk = { isAdmin: false, effectivePermissions: ['orders' as const] }
  it('opens an area to a user holding one of its keys', () => {
    expect(hasAnyPermission(clerk, ['orders'])).toBe(true)
    expect(hasAnyPermission(clerk, ['users', 'roles'])).toBe(false)
  })
  it('opens everything to an administrator, nothing to nobody', () => {
    expect(hasAnyPermission({ isAdmin: true, effectivePermissions: [] }, ['users'])).toBe(true)
    expect(hasAnyPermission(undefined, [])).toBe(false)
  })
  it('every area of the navigation names the keys that open it', () => {
    for (const area of ADMIN_AREAS) expect(area.permissions.length).toBeGreaterThan(0)
    const visible = ADMIN_AREAS.filter((area) => hasAnyPermission(clerk, area.permissions))
    // Orders, and the shop settings' stock tab (stock levels are the order desk's).
    expect(visible.map((area) => area.screen)).toEqual([
      '/admin/shop-orders',
      '/admin/shop-settings',
    ])
  })
})
