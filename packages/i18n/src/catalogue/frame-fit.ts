import type { CatalogueSection } from './entry.ts'

/** Frames that fit: size guide and "fits like my glasses" (issue 21). */
export const frameFitCatalogue = {} as const satisfies CatalogueSection
