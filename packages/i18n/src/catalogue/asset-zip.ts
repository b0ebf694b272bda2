import type { CatalogueSection } from './entry.ts'

/** Assets: zip import and download as zip (issue 16). */
export const assetZipCatalogue = {} as const satisfies CatalogueSection
