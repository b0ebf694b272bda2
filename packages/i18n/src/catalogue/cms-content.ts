import type { CatalogueSection } from './entry.ts'

/** Documents: editables, saving, drafts in the session, versions and conversion (issue 17). */
export const cmsContentCatalogue = {} as const satisfies CatalogueSection
