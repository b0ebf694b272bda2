import { describe, expect, it } from 'vitest'
import {
  ADMIN_API_AREAS,
  ADMIN_BASE_PATH,
  ADMIN_DASHBOARD,
  ADMIN_SCREEN_REDIRECTS,
  ADMIN_SCREENS,
  ADMIN_SIGN_IN_API_AREA,
  ADMIN_STATIC_PREFIX,
  ADMIN_SIGN_IN_SCREENS,
  isSignInScreen,
  isWithinPath,
  ownsSubPaths,
  toRouterPath,
} from './admin-screens.ts'

describe('admin screens and admin API areas', () => {
  it('no screen equals or lies under an API area', () => {
    // The one exception: the sign-in screens share /admin/login with the sign-in API, GET serving
    // the screen and POST the API. They may collide with that area only, and with no other.
    const collisions = ADMIN_SCREENS.flatMap((screen) =>
      ADMIN_API_AREAS.filter((area) => isWithinPath(screen, area))
        .filter((area) => !(isSignInScreen(screen) && area === ADMIN_SIGN_IN_API_AREA))
        .map((area) => `${screen} → ${area}`),
    )
    expect(collisions).toEqual([])
  })

  it('the sign-in screens lie under /admin/login only, and own no sub-paths', () => {
    for (const screen of ADMIN_SIGN_IN_SCREENS) {
      expect(ADMIN_SCREENS).toContain(screen)
      expect(isWithinPath(screen, ADMIN_SIGN_IN_API_AREA)).toBe(true)
      expect(ADMIN_API_AREAS.filter((area) => isWithinPath(screen, area))).toEqual([
        ADMIN_SIGN_IN_API_AREA,
      ])
      expect(ownsSubPaths(screen)).toBe(false)
    }
    // The sign-in API's own GET (the forced set-up's secret) is not a screen.
    expect(ADMIN_SCREENS).not.toContain('/admin/login/2fa-setup-secret')
    // Every other screen stays clear of /admin/login.
    const others = ADMIN_SCREENS.filter((screen) => !isSignInScreen(screen))
    expect(others.filter((screen) => isWithinPath(screen, ADMIN_SIGN_IN_API_AREA))).toEqual([])
  })

  it('the identity screens stay clear of the users and audit-log API areas', () => {
    expect(ADMIN_SCREENS).toContain('/admin/user-management')
    expect(ADMIN_SCREENS).toContain('/admin/profile')
    expect(ADMIN_SCREENS).toContain('/admin/audit-trail')
    expect(ADMIN_API_AREAS).toContain('/admin/user')
    expect(ADMIN_API_AREAS).toContain('/admin/audit-log')
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
    for (const screen of ADMIN_SCREENS.filter((s) => ownsSubPaths(s) || isSignInScreen(s))) {
      if (isSignInScreen(screen)) {
        expect(screen).toMatch(/^\/admin\/login(\/[a-z0-9]+(-[a-z0-9]+)*)?$/)
        continue
      }
      expect(screen).toMatch(/^\/admin\/[a-z0-9]+(-[a-z0-9]+)*$/)
    }
    expect(new Set(ADMIN_SCREENS).size).toBe(ADMIN_SCREENS.length)
  })

  it('every API area is a prefix under /admin, listed once', () => {
    for (const area of ADMIN_API_AREAS) expect(area).toMatch(/^\/admin\/[a-z0-9-]+$/)
    expect(new Set(ADMIN_API_AREAS).size).toBe(ADMIN_API_AREAS.length)
  })

  it('the admin SPA build files are under neither an API area nor a screen', () => {
    expect(ADMIN_API_AREAS.filter((area) => isWithinPath(ADMIN_STATIC_PREFIX, area))).toEqual([])
    expect(
      ADMIN_SCREENS.filter(ownsSubPaths).filter((screen) =>
        isWithinPath(ADMIN_STATIC_PREFIX, screen),
      ),
    ).toEqual([])
  })

  it('a moved screen redirects to a screen, and its old path is neither a screen nor an API area', () => {
    for (const [from, to] of Object.entries(ADMIN_SCREEN_REDIRECTS)) {
      expect(ADMIN_SCREENS).toContain(to)
      expect(ADMIN_SCREENS).not.toContain(from)
      expect(ADMIN_API_AREAS.filter((area) => isWithinPath(from, area))).toEqual([])
    }
  })
})

describe('isWithinPath', () => {
  it('compares whole segments, not characters', () => {
    expect(isWithinPath('/admin/asset', '/admin/asset')).toBe(true)
    expect(isWithinPath('/admin/asset/get-data-by-id', '/admin/asset')).toBe(true)
    expect(isWithinPath('/admin/asset-library', '/admin/asset')).toBe(false)
    expect(isWithinPath('/admin/assets/12', '/admin/asset')).toBe(false)
    expect(isWithinPath('/admin', '/admin/asset')).toBe(false)
  })
})

describe('toRouterPath', () => {
  it('strips the /admin basename the SPA router adds back', () => {
    expect(toRouterPath('/admin')).toBe('/')
    expect(toRouterPath('/admin/data-objects')).toBe('/data-objects')
  })
})
