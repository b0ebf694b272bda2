import type { CatalogueSection } from './entry.ts'

/** The dealer map's data: gazetteer, dealer search, partners' own entries (issue 18). */
export const dealersCatalogue = {} as const satisfies CatalogueSection
