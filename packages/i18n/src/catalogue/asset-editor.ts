import type { CatalogueSection } from './entry.ts'

/** Back office: the asset editor — preview, metadata, versions, image editor (issue 16). */
export const assetEditorCatalogue = {} as const satisfies CatalogueSection
