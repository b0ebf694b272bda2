import type { CatalogueSection } from './entry.ts'

/** Storefront category page: the list area, tiles, paging, sorting (issue 5); key prefix 'listPage.'. */
export const productListPageCatalogue = {} as const satisfies CatalogueSection
