import type { CatalogueSection } from './entry.ts'

/** Assets: thumbnails, previews of videos and documents, and the image editor (issue 16). */
export const assetThumbnailsCatalogue = {} as const satisfies CatalogueSection
