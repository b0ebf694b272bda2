import type { CatalogueSection } from './entry.ts'

/** Back office: the asset library screen — tree, folder view, uploads (issue 16). */
export const assetLibraryCatalogue = {} as const satisfies CatalogueSection
