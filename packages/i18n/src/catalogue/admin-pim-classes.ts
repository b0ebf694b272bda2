import type { CatalogueSection } from './entry.ts'

/** Texts of the back office's class editor and select-options screens (key prefix adminPimClasses.). */
export const adminPimClassesCatalogue = {} satisfies CatalogueSection
