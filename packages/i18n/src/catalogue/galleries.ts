import type { CatalogueSection } from './entry.ts'

/** Galleries and the lightbox (issue 18). */
export const galleriesCatalogue = {} as const satisfies CatalogueSection
