import type { CatalogueSection } from './entry.ts'

/** Documents: the tree, reads, writes, copies, the recycle bin and document types (issue 17). */
export const cmsTreeCatalogue = {} as const satisfies CatalogueSection
