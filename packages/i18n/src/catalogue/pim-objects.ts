import type { CatalogueSection } from './entry.ts'

/** Messages of the data-object tree and variants API (key prefix pimObjects.). */
export const pimObjectsCatalogue = {} satisfies CatalogueSection
