import type { CatalogueSection } from './entry.ts'

/** Filter drawer on narrow screens, facet counts (issue 21). */
export const filterDrawerCatalogue = {} as const satisfies CatalogueSection
