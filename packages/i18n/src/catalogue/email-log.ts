import type { CatalogueSection } from './entry.ts'

/** The e-mail log and the blocklist (issue 19). */
export const emailLogCatalogue = {} as const satisfies CatalogueSection
