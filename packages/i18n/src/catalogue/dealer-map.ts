import type { CatalogueSection } from './entry.ts'

/** The dealer map page, its map, list and dealer pages (issue 18). */
export const dealerMapCatalogue = {} as const satisfies CatalogueSection
