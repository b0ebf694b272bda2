import type { CatalogueSection } from './entry.ts'

/** The contact form with topics and its back-office list (issue 18). */
export const contactCatalogue = {} as const satisfies CatalogueSection
