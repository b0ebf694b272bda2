import type { CatalogueSection } from './entry.ts'

/** Storefront category list and filter panel (issue 5); keys 'list.*', 'filter.*' of the seed section stay there. */
export const productListCatalogue = {} as const satisfies CatalogueSection
