import type { CatalogueSection } from './entry.ts'

/** The back office's search: the header box's quick results and the full results (issue 19). */
export const adminSearchCatalogue = {} as const satisfies CatalogueSection
