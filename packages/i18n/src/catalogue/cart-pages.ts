import type { CatalogueSection } from './entry.ts'

/** Storefront cart and checkout pages, order history (issue 8); key prefix 'cartPage.'. */
export const cartPagesCatalogue = {} as const satisfies CatalogueSection
