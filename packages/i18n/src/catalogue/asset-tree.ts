import type { CatalogueSection } from './entry.ts'

/** Assets: the tree, reads, writes, versions, recycle bin and workspace rights (issue 16). */
export const assetTreeCatalogue = {} as const satisfies CatalogueSection
