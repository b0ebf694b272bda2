import type { AdminScreen, AdminSignInScreen } from '@optika/domain/admin/admin-screens'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import type { adminCatalogue } from '@optika/i18n/catalogue/admin'

type AdminTextKey = keyof typeof adminCatalogue

/**
 * Every screen but the dashboard, the sign-in screens, the user's own profile (reached from the
 * user menu), the search results (reached from the header's search box) and the notifications
 * (reached from the header's bell) is an area of the back office.
 */
export type AdminAreaScreen = Exclude<
  AdminScreen,
  '/admin' | '/admin/profile' | '/admin/search-results' | '/admin/notifications' | AdminSignInScreen
>

export interface AdminArea {
  readonly screen: AdminAreaScreen
  readonly titleKey: AdminTextKey
  readonly descriptionKey: AdminTextKey
  /** The permission keys that open the area: any one of them does (an admin holds all). */
  readonly permissions: readonly PermissionKey[]
}

export interface AdminNavGroup {
  readonly id: string
  readonly titleKey: AdminTextKey
  readonly areas: readonly AdminArea[]
}

/** The navbar and the dashboard's area cards, grouped the way Pimcore groups its menus. */
export const ADMIN_NAV_GROUPS = [
  {
    id: 'catalogue',
    titleKey: 'admin.nav.group.catalogue',
    areas: [
      area('/admin/data-objects', 'dataObjects', ['objects']),
      area('/admin/class-definitions', 'classes', ['classes']),
      area('/admin/classification-stores', 'classificationStore', ['classificationStore']),
      area('/admin/quantity-units', 'quantityValues', ['quantityValues']),
      area('/admin/assets', 'assets', ['assets']),
    ],
  },
  {
    id: 'content',
    titleKey: 'admin.nav.group.content',
    areas: [
      area('/admin/documents', 'documents', ['documents']),
      area('/admin/dictionary', 'translations', ['translations', 'wordExport', 'xliffExport']),
      area('/admin/tag-manager', 'tags', ['tags']),
      area('/admin/glossary-terms', 'glossary', ['glossary']),
    ],
  },
  {
    id: 'shop',
    titleKey: 'admin.nav.group.shop',
    areas: [
      area('/admin/shop-orders', 'orders', ['orders']),
      area('/admin/shop-customers', 'customers', ['customers']),
      area('/admin/shop-partners', 'partners', ['partners']),
      area('/admin/shop-settings', 'shopSettings', ['shippingPayment', 'coupons', 'orders']),
      area('/admin/contact-messages', 'contactMessages', ['contactMessages']),
      area('/admin/forum', 'forum', ['forum']),
    ],
  },
  {
    id: 'marketing',
    titleKey: 'admin.nav.group.marketing',
    areas: [
      area('/admin/seo-tools', 'seo', ['redirects', 'robots', 'httpErrors', 'seoDocumentEditor']),
      area('/admin/personalization', 'targeting', ['targeting']),
      area('/admin/custom-reports', 'reports', ['reports', 'reportsConfig']),
    ],
  },
  {
    id: 'system',
    titleKey: 'admin.nav.group.system',
    areas: [
      area('/admin/user-management', 'users', ['users', 'roles']),
      area('/admin/email-log', 'emailLog', ['emails']),
      area('/admin/application-log', 'applicationLog', ['applicationLogging']),
      area('/admin/recycle-bin', 'recycleBin', ['recycleBin']),
      area('/admin/system-settings', 'settings', [
        'settings',
        'websiteSettings',
        'thumbnails',
        'clearCache',
        'predefinedProperties',
        'assetMetadata',
      ]),
      area('/admin/static-routes', 'staticRoutes', ['staticRoutes']),
      area('/admin/workflows', 'workflows', ['workflow']),
      area('/admin/data-privacy', 'gdpr', ['gdpr']),
      area('/admin/audit-trail', 'auditLog', ['auditLog']),
    ],
  },
] as const satisfies readonly AdminNavGroup[]

/** All areas in navigation order. */
export const ADMIN_AREAS: readonly AdminArea[] = ADMIN_NAV_GROUPS.flatMap(
  (group): readonly AdminArea[] => group.areas,
)

// Every screen of ADMIN_SCREENS must be reachable from the navigation: a screen added there and
// not here fails to compile, naming the screen.
type ListedScreen = (typeof ADMIN_NAV_GROUPS)[number]['areas'][number]['screen']
type UnlistedScreen = Exclude<AdminAreaScreen, ListedScreen>
const everyScreenIsListed: [UnlistedScreen] extends [never] ? true : UnlistedScreen = true
void everyScreenIsListed

/** Names that have both texts an area needs: `admin.nav.<name>` and `admin.screen.<name>.description`. */
type AreaName = {
  [K in AdminTextKey]: K extends `admin.screen.${infer Name}.description`
    ? `admin.nav.${Name}` extends AdminTextKey
      ? Name
      : never
    : never
}[AdminTextKey]

/** An area's texts follow one naming scheme, so a name without both texts does not compile. */
function area<const S extends AdminAreaScreen>(
  screen: S,
  name: AreaName,
  permissions: readonly PermissionKey[],
) {
  return {
    screen,
    permissions,
    // AreaName guarantees both keys exist; TypeScript cannot see through the template itself.
    titleKey: `admin.nav.${name}` as AdminTextKey,
    descriptionKey: `admin.screen.${name}.description` as AdminTextKey,
  } as const
}
