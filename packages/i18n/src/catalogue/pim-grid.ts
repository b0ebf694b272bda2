import type { CatalogueSection } from './entry.ts'

/** Messages of the object grid, exports, batch updates, CSV import and jobs (key prefix pimGrid.). */
export const pimGridCatalogue = {} satisfies CatalogueSection
