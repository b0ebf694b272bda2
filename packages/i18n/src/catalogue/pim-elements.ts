import type { CatalogueSection } from './entry.ts'

/** Messages of versions, locks, notes, properties, dependencies, tags, recycle bin and search (key prefix pimElements.). */
export const pimElementsCatalogue = {} satisfies CatalogueSection
