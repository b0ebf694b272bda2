import type { CatalogueSection } from './entry.ts'

/** Documents on the storefront: the area bricks and what they show (issue 17). */
export const cmsBricksCatalogue = {} as const satisfies CatalogueSection
