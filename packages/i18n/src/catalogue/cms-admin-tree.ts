import type { CatalogueSection } from './entry.ts'

/** The back office's Documents screen: tree, adding, document types, sites, translations (issue 17). */
export const cmsAdminTreeCatalogue = {} as const satisfies CatalogueSection
