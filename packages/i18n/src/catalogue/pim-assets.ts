import type { CatalogueSection } from './entry.ts'

/** Messages of asset upload and product images (key prefix pimAssets.). */
export const pimAssetsCatalogue = {} satisfies CatalogueSection
