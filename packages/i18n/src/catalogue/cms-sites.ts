import type { CatalogueSection } from './entry.ts'

/** Documents: translations between languages and sites (issue 17). */
export const cmsSitesCatalogue = {} as const satisfies CatalogueSection
