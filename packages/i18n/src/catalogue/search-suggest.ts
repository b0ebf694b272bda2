import type { CatalogueSection } from './entry.ts'

/** Header search suggestions and the mobile-view toggle (issue 18). */
export const searchSuggestCatalogue = {} as const satisfies CatalogueSection
