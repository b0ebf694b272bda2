import type { CatalogueSection } from './entry.ts'

/** The back office's document editor: editables, preview, publishing, versions, e-mails (issue 17). */
export const cmsAdminEditorCatalogue = {} as const satisfies CatalogueSection
