import type { CatalogueSection } from './entry.ts'

/** Storefront product page: gallery, prices, quantity, related products, spare parts (issue 6); key prefix 'productPage.'. */
export const productPageCatalogue = {} as const satisfies CatalogueSection
