import type { CatalogueSection } from './entry.ts'

/** Texts of the back office's object grid, column configurations and export/import dialogs (key prefix adminPimGrid.). */
export const adminPimGridCatalogue = {} satisfies CatalogueSection
