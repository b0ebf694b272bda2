import type { CatalogueSection } from './entry.ts'

/** The shop's e-mails as e-mail documents: placeholders, previews, test mails (issue 17). */
export const cmsMailsCatalogue = {} as const satisfies CatalogueSection
