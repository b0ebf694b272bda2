import type { CatalogueSection } from './entry.ts'

/** Static routes and the glossary (issue 19). */
export const siteToolsCatalogue = {} as const satisfies CatalogueSection
