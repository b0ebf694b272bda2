import type { CatalogueSection } from './entry.ts'

/** Assets: the grid, column configurations, batch edits and exports (issue 16). */
export const assetGridCatalogue = {} as const satisfies CatalogueSection
