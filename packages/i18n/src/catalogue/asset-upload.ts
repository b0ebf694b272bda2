import type { CatalogueSection } from './entry.ts'

/** Assets: uploads, replacing, downloads, file checks and metadata (issue 16). */
export const assetUploadCatalogue = {} as const satisfies CatalogueSection
