import type { CatalogueSection } from './entry.ts'

/** Texts of the back office's data-object tree and object editor screens (key prefix adminPimObjects.). */
export const adminPimObjectsCatalogue = {} satisfies CatalogueSection
