import type { CatalogueSection } from './entry.ts'

/** Messages of classes, layouts, field collections, bricks, select options and object validation (key prefix pimClasses.). */
export const pimClassesCatalogue = {} satisfies CatalogueSection
