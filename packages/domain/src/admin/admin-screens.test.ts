import { describe, expect, it } from 'vitest'
import {
  ADMIN_API_AREAS,
  ADMIN_BASE_PATH,
  ADMIN_DASHBOARD,
  ADMIN_SCREENS,
  isWithinPath,
  ownsSubPaths,
  toRouterPath,
} from './admin-screens.ts'

describe('admin screens and admin API areas', () => {
  it('no screen equals or lies under an API area', () => {
    const collisions = ADMIN_SCREENS.flatMap((screen) =>
      ADMIN_API_AREAS.filter((area) => isWithinPath(screen, area)).map(
        (area) => `${screen} → ${area}`,
      ),
    )
    expect(collisions).toEqual([])
  })

  it('no API area lies under a screen that owns its sub-paths', () => {
    const swallowed = ADMIN_SCREENS.filter(ownsSubPaths).flatMap((screen) =>
      ADMIN_API_AREAS.filter((area) => isWithinPath(area, screen)).map(
        (area) => `${area} ← ${screen}`,
      ),
    )
    expect(swallowed).toEqual([])
  })

  it('the dashboard is the bare /admin path and owns nothing beneath it', () => {
    expect(ADMIN_SCREENS[0]).toBe(ADMIN_DASHBOARD)
    expect(ADMIN_DASHBOARD).toBe(ADMIN_BASE_PATH)
    expect(ownsSubPaths(ADMIN_DASHBOARD)).toBe(false)
  })

  it('every screen is one kebab-case segment under /admin, listed once', () => {
    for (const screen of ADMIN_SCREENS.filter(ownsSubPaths)) {
      expect(screen).toMatch(/^\/admin\/[a-z0-9]+(-[a-z0-9]+)*$/)
    }
    expect(new Set(ADMIN_SCREENS).size).toBe(ADMIN_SCREENS.length)
  })

  it('every API area is a prefix under /admin, listed once', () => {
    for (const area of ADMIN_API_AREAS) expect(area).toMatch(/^\/admin\/[a-z0-9-]+$/)
    expect(new Set(ADMIN_API_AREAS).size).toBe(ADMIN_API_AREAS.length)
  })

  it('the admin SPA assets are not under an API area either', () => {
    const assets = `${ADMIN_BASE_PATH}/assets`
    expect(ADMIN_API_AREAS.filter((area) => isWithinPath(assets, area))).toEqual([])
  })
})

describe('isWithinPath', () => {
  it('compares whole segments, not characters', () => {
    expect(isWithinPath('/admin/asset', '/admin/asset')).toBe(true)
    expect(isWithinPath('/admin/asset/get-data-by-id', '/admin/asset')).toBe(true)
    expect(isWithinPath('/admin/asset-library', '/admin/asset')).toBe(false)
    expect(isWithinPath('/admin/assets/index.js', '/admin/asset')).toBe(false)
    expect(isWithinPath('/admin', '/admin/asset')).toBe(false)
  })
})

describe('toRouterPath', () => {
  it('strips the /admin basename the SPA router adds back', () => {
    expect(toRouterPath('/admin')).toBe('/')
    expect(toRouterPath('/admin/data-objects')).toBe('/data-objects')
  })
})
