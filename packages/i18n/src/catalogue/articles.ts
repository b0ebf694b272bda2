import type { CatalogueSection } from './entry.ts'

/** Articles on the storefront (issue 18). */
export const articlesCatalogue = {} as const satisfies CatalogueSection
