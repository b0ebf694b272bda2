import type { CatalogueSection } from './entry.ts'

/** Messages of the classification store and quantity value units API (key prefix pimStores.). */
export const pimStoresCatalogue = {} satisfies CatalogueSection
