/**
 * The back office lives under one prefix that two things share: the admin SPA's screens and the
 * seed's admin JSON API (`/admin/<area>/…`). The server answers a screen path (and anything beneath
 * it, for a screen's own deep links) with the SPA's index.html, so a screen must never equal or lie
 * under an API area, and no API area may lie under a screen. `admin-screens.test.ts` proves both.
 */
export const ADMIN_BASE_PATH = '/admin'

/**
 * The SPA's client routes, as React Router path patterns (absolute, basename included). Names are
 * chosen to stay clear of the API areas: `assets`, not `asset`; `shop-orders`, not `orders`.
 * The first entry is the dashboard; it owns no sub-paths, since every API area lies beneath it.
 */
export const ADMIN_SCREENS = [
  '/admin',
  // Sign-in (outside the frame). These are the one exception to "no screen under an API area":
  // GET on them serves the SPA, POST on the same path is the sign-in API (see ADMIN_SIGN_IN_SCREENS).
  '/admin/login',
  '/admin/login/2fa',
  '/admin/login/2fa-setup',
  '/admin/login/lost-password',
  '/admin/login/reset-password',
  // The signed-in user's own profile
  '/admin/profile',
  // Catalogue
  '/admin/data-objects',
  '/admin/class-definitions',
  '/admin/classification-stores',
  '/admin/quantity-units',
  '/admin/assets',
  // Content
  '/admin/documents',
  '/admin/dictionary',
  '/admin/tag-manager',
  '/admin/glossary-terms',
  // Shop
  '/admin/shop-orders',
  '/admin/shop-customers',
  '/admin/shop-partners',
  '/admin/shop-settings',
  // Community (issue 18)
  '/admin/contact-messages',
  '/admin/forum',
  // Marketing
  '/admin/seo-tools',
  '/admin/personalization',
  '/admin/custom-reports',
  // System
  '/admin/user-management',
  '/admin/email-log',
  '/admin/application-log',
  '/admin/recycle-bin',
  '/admin/system-settings',
  '/admin/data-privacy',
  '/admin/audit-trail',
  '/admin/static-routes',
  // Workflow definitions (issue 20)
  '/admin/workflows',
  // The signed-in user's notifications, reached from the header's bell (issue 20)
  '/admin/notifications',
  // The header search's full results (issue 19); reached from the search box, not the navigation.
  '/admin/search-results',
] as const
export type AdminScreen = (typeof ADMIN_SCREENS)[number]

export const ADMIN_DASHBOARD = '/admin' satisfies AdminScreen

/**
 * Screens that moved: the old path (and anything beneath it) answers with a permanent redirect to
 * the new one, so bookmarks and links in old e-mails keep working.
 */
export const ADMIN_SCREEN_REDIRECTS = {
  '/admin/asset-library': '/admin/assets',
  '/admin/document-tree': '/admin/documents',
} as const satisfies Readonly<Record<string, AdminScreen>>

/** Where the SPA's hashed build files live (Vite's `assetsDir`); clear of screens and API areas. */
export const ADMIN_STATIC_PREFIX = `${ADMIN_BASE_PATH}/static`

/**
 * The sign-in screens. They lie under the `/admin/login` API area on purpose: GET serves the
 * screen, POST on the same path is the API (POST /admin/login, /admin/login/2fa, …), and the API's
 * own GETs (`/admin/login/2fa-setup-secret`) are different paths. They own no sub-paths, so no
 * API route beneath them is ever answered with the SPA.
 */
export const ADMIN_SIGN_IN_SCREENS = [
  '/admin/login',
  '/admin/login/2fa',
  '/admin/login/2fa-setup',
  '/admin/login/lost-password',
  '/admin/login/reset-password',
] as const satisfies readonly AdminScreen[]
export type AdminSignInScreen = (typeof ADMIN_SIGN_IN_SCREENS)[number]

/** The API area the sign-in screens share their paths with (GET only for the screens). */
export const ADMIN_SIGN_IN_API_AREA = '/admin/login'

export function isSignInScreen(screen: string): screen is AdminSignInScreen {
  return (ADMIN_SIGN_IN_SCREENS as readonly string[]).includes(screen)
}

/**
 * Path prefixes of the seed's admin JSON API (spec §7 "Admin"), plus the per-type document
 * controllers (page, snippet, email, folder, hardlink, link) the seed lists under documents.
 */
export const ADMIN_API_AREAS = [
  '/admin/asset',
  '/admin/asset-helper',
  '/admin/class',
  '/admin/classificationstore',
  '/admin/object',
  '/admin/object-helper',
  '/admin/quantity-value',
  '/admin/variants',
  '/admin/document',
  '/admin/page',
  '/admin/snippet',
  '/admin/folder',
  '/admin/hardlink',
  '/admin/link',
  '/admin/element',
  '/admin/email',
  '/admin/notification',
  '/admin/portal',
  '/admin/recyclebin',
  '/admin/settings',
  '/admin/tags',
  '/admin/translation',
  '/admin/user',
  '/admin/workflow',
  '/admin/gdpr',
  '/admin/log',
  '/admin/reports',
  '/admin/glossary',
  '/admin/redirects',
  '/admin/robots',
  '/admin/http-error-log',
  '/admin/search',
  '/admin/staticroute',
  '/admin/export',
  '/admin/targeting',
  '/admin/audit-log',
  // The shop's customers, partners and complaints (issue 7), beside the shop-* screens.
  '/admin/customers',
  '/admin/partners',
  '/admin/complaints',
  // Orders, shop settings (shipping, payment, countries, vouchers, stock) and ratings (issues 6, 8).
  '/admin/orders',
  '/admin/shop',
  '/admin/ratings',
  // The forum's boards, moderation log and moderators (issue 18), beside the /admin/forum screen.
  '/admin/forum-moderation',
  // Pimcore 11's bundles (SEO, search, static routes, glossary, word and XLIFF export, reports,
  // application logger, targeting) and the misc calls, at Pimcore's own paths (issue 19).
  '/admin/bundle',
  '/admin/misc',
  '/admin/login',
  '/admin/logout',
  '/admin/ping',
  '/admin/language-list',
  '/admin/country-list',
] as const
export type AdminApiArea = (typeof ADMIN_API_AREAS)[number]

/**
 * Whether `path` is `base` or lies beneath it, segment by segment: `/admin/asset/get` lies under
 * `/admin/asset`, `/admin/assets` does not (that is how the server's router sees them).
 */
export function isWithinPath(path: string, base: string): boolean {
  const prefix = base.endsWith('/') ? base : `${base}/`
  return path === base || path.startsWith(prefix)
}

/** Whether a screen owns the paths beneath it (every screen but the dashboard and sign-in does). */
export function ownsSubPaths(screen: AdminScreen): boolean {
  return screen !== ADMIN_DASHBOARD && !isSignInScreen(screen)
}

/** The screen's path as the SPA's router sees it, relative to the `/admin` basename. */
export function toRouterPath(screen: AdminScreen): string {
  return screen.slice(ADMIN_BASE_PATH.length) || '/'
}
