import type { CatalogueSection } from './entry.ts'

/** Templates, bricks and editables as the document editor names them (issue 17). */
export const cmsEditablesCatalogue = {} as const satisfies CatalogueSection
