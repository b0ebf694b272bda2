import type { CatalogueSection } from './entry.ts'

/** Category listing: default sort, other categories, clearance, frame filters (issue 21). */
export const listingFixesCatalogue = {} as const satisfies CatalogueSection
