import type { CatalogueSection } from './entry.ts'

/** Product page data on the server: specification values, API messages (issue 6); key prefix 'productDetail.'. */
export const productDetailCatalogue = {} as const satisfies CatalogueSection
