/**
 * Back-office permission keys, one per admin area of the seed (Pimcore-style). A user holds the
 * keys granted to it and to its roles; an admin (isAdmin) holds them all.
 */
export const PERMISSION_KEYS = [
  'assets',
  'objects',
  'documents',
  'classes',
  'classificationStore',
  'quantityValues',
  'fieldCollections',
  'objectBricks',
  'selectOptions',
  'users',
  'roles',
  'translations',
  'emails',
  'recycleBin',
  'tags',
  'redirects',
  'robots',
  'httpErrors',
  'seoDocumentEditor',
  'gdpr',
  'applicationLogging',
  'auditLog',
  'reports',
  'reportsConfig',
  'glossary',
  'staticRoutes',
  'settings',
  'websiteSettings',
  'thumbnails',
  'clearCache',
  'workflow',
  'notifications',
  'targeting',
  'wordExport',
  'xliffExport',
  'dashboards',
  'orders',
  'customers',
  'partners',
  'priceLists',
  'promotionMaterial',
  'coupons',
  'shippingPayment',
  'ratings',
  'forum',
] as const
export type PermissionKey = (typeof PERMISSION_KEYS)[number]

/** Areas grouping the keys on the permission editor (checkbox groups). */
export const PERMISSION_GROUPS: Readonly<Record<string, readonly PermissionKey[]>> = {
  catalogue: [
    'assets',
    'objects',
    'classes',
    'classificationStore',
    'quantityValues',
    'fieldCollections',
    'objectBricks',
    'selectOptions',
  ],
  content: ['documents', 'translations', 'tags', 'glossary', 'wordExport', 'xliffExport'],
  shop: [
    'orders',
    'customers',
    'partners',
    'priceLists',
    'promotionMaterial',
    'coupons',
    'shippingPayment',
    'ratings',
    'forum',
  ],
  marketing: [
    'redirects',
    'robots',
    'httpErrors',
    'seoDocumentEditor',
    'targeting',
    'reports',
    'reportsConfig',
  ],
  system: [
    'users',
    'roles',
    'emails',
    'recycleBin',
    'gdpr',
    'applicationLogging',
    'auditLog',
    'settings',
    'websiteSettings',
    'thumbnails',
    'clearCache',
    'staticRoutes',
    'workflow',
    'notifications',
    'dashboards',
  ],
}

/** Element types that have workspaces (a tree each). */
export const WORKSPACE_ELEMENT_TYPES = ['asset', 'object', 'document'] as const
export type WorkspaceElementType = (typeof WORKSPACE_ELEMENT_TYPES)[number]

/** Rights of a workspace entry. Without `list`, every other right of the entry is void. */
export const WORKSPACE_RIGHTS = [
  'list',
  'view',
  'save',
  'publish',
  'unpublish',
  'delete',
  'rename',
  'create',
  'settings',
  'versions',
  'properties',
] as const
export type WorkspaceRight = (typeof WORKSPACE_RIGHTS)[number]
