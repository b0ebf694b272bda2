/**
 * The seed's admin calls (spec §7 "Admin") of the product-information areas: classes, the
 * classification store, objects, the object helper (grid), quantity values, variants and the
 * element services, plus the tag, recycle-bin and search calls those services need. Each path is
 * registered by exactly one feature; `pim-admin-routes.test.ts` (server) proves each is registered
 * with its method and refuses an anonymous caller with 401.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface SeedAdminRoute {
  readonly method: HttpMethod
  readonly path: string
}

function routes(area: string, spec: Readonly<Record<string, string>>): SeedAdminRoute[] {
  return Object.entries(spec).flatMap(([methods, names]) =>
    names
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((name) =>
        methods
          .split('/')
          .map((method) => ({ method: method as HttpMethod, path: `${area}/${name}` })),
      ),
  )
}

export const CLASS_ROUTES = routes('/admin/class', {
  GET: `get-document-types get-asset-types get get-custom-layout get-custom-layout-definitions
    get-all-layouts export-class export-custom-layout-definition fieldcollection-get
    export-fieldcollection fieldcollection-list get-class-definition-for-column-config
    objectbrick-get export-objectbrick objectbrick-list bulk-export do-bulk-export
    get-fieldcollection-usages get-bricks-usages get-select-options-usages get-icons
    select-options-get`,
  'GET/POST': 'get-tree fieldcollection-tree objectbrick-tree select-options-tree',
  POST: `add add-custom-layout import-fieldcollection import-objectbrick bulk-import bulk-commit
    bulk-export-prepare`,
  'POST/PUT': 'import-class import-custom-layout-definition',
  DELETE:
    'delete delete-custom-layout fieldcollection-delete objectbrick-delete select-options-delete',
  PUT: 'save save-custom-layout',
  'PUT/POST': 'fieldcollection-update objectbrick-update select-options-update',
  // "Any method" in the seed: registered for every method.
  'GET/POST/PUT/DELETE':
    'suggest-class-identifier suggest-custom-layout-identifier text-layout-preview video-supported-types',
})

export const CLASSIFICATION_STORE_ROUTES = routes('/admin/classificationstore', {
  DELETE:
    'delete-collection delete-collection-relation delete-relation delete-group delete-property',
  POST: 'create-group create-store create-collection add-collections add-groups add-property',
  'GET/POST/PUT': 'collections groups collection-relations relations properties',
  GET: 'list-stores search-relations storetree get-page',
  PUT: 'edit-store',
})

export const OBJECT_ROUTES = [
  ...routes('/admin/object', {
    GET: `tree-get-children-by-id get-id-path-paging-info get get-folder preview-version copy-info
      preview tree-get-root delete-info`,
    POST: 'get-select-options add add-folder publish-version copy',
    DELETE: 'delete',
    PUT: 'change-children-sort-by update save-folder copy-rewrite-ids',
    'POST/PUT': 'save',
    'GET/POST/PUT': 'grid-proxy',
  }),
  { method: 'GET', path: '/admin/object/diff-versions/:from/:to' },
] satisfies SeedAdminRoute[]

export const OBJECT_HELPER_ROUTES = routes('/admin/object-helper', {
  GET: `load-object-data get-export-configs grid-get-column-config download-csv-file
    download-xlsx-file get-available-visible-vields`,
  DELETE: 'grid-delete-column-config',
  POST: `prepare-helper-column-configs grid-config-apply-to-all grid-mark-favourite-column-config
    grid-save-column-config import-upload get-export-jobs do-export get-batch-jobs`,
  PUT: 'batch',
})

export const QUANTITY_VALUE_ROUTES = routes('/admin/quantity-value', {
  'POST/PUT': 'unit-import unit-proxy',
  GET: 'unit-export unit-list convert convert-all unit-proxy',
})

export const VARIANT_ROUTES = routes('/admin/variants', {
  PUT: 'update-key',
  'GET/POST': 'get-variants',
})

/**
 * "lock/unlock PUT/POST; note-list and note-add POST; find-usages GET; replace-assignments POST;
 * versions GET/DELETE; dependencies GET", and the same calls at Pimcore 11's names
 * (shared/ADMIN-CALLS.md): lock-element, get-versions, get-requires-dependencies, …
 */
export const ELEMENT_ROUTES = routes('/admin/element', {
  'PUT/POST': 'lock unlock',
  POST: 'note-list note-add replace-assignments unlock-elements',
  GET: `find-usages versions dependencies properties schedule get-versions
    get-requires-dependencies get-required-by-dependencies`,
  DELETE: 'versions delete-version delete-all-versions',
  PUT: 'properties schedule lock-element unlock-element',
})

/** Tags CRUD and batch assignment. */
export const TAG_ROUTES = routes('/admin/tags', {
  GET: 'tree-get-children-by-id load-tags-for-element get-batch-assignment-jobs',
  POST: 'add',
  PUT: 'update add-tag-to-element do-batch-assignment',
  DELETE: 'delete remove-tag-from-element',
})

/** Recycle bin: list, restore, flush, add. */
export const RECYCLE_BIN_ROUTES = routes('/admin/recyclebin', {
  'GET/POST': 'list',
  POST: 'restore add',
  DELETE: 'flush',
})

/** Backend search: find and quicksearch. */
export const SEARCH_ROUTES = routes('/admin/search', {
  'GET/POST': 'find',
  GET: 'quicksearch',
})

export const PIM_ADMIN_ROUTES: readonly SeedAdminRoute[] = [
  ...CLASS_ROUTES,
  ...CLASSIFICATION_STORE_ROUTES,
  ...OBJECT_ROUTES,
  ...OBJECT_HELPER_ROUTES,
  ...QUANTITY_VALUE_ROUTES,
  ...VARIANT_ROUTES,
  ...ELEMENT_ROUTES,
  ...TAG_ROUTES,
  ...RECYCLE_BIN_ROUTES,
  ...SEARCH_ROUTES,
]

/** The API areas these routes live in; every request under them needs a back-office session. */
export const PIM_API_AREAS = [
  '/admin/class',
  '/admin/classificationstore',
  '/admin/object',
  '/admin/object-helper',
  '/admin/quantity-value',
  '/admin/variants',
  '/admin/element',
  '/admin/tags',
  '/admin/recyclebin',
  '/admin/search',
  '/admin/asset',
] as const
