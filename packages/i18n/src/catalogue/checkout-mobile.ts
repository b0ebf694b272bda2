import type { CatalogueSection } from './entry.ts'

/** Cart and checkout on phones: stacked lines, quantity, error summary (issue 21). */
export const checkoutMobileCatalogue = {} as const satisfies CatalogueSection
