import type { CatalogueSection } from './entry.ts'

/** Texts of the back office's classification store and quantity units screens (key prefix adminPimStores.). */
export const adminPimStoresCatalogue = {} satisfies CatalogueSection
