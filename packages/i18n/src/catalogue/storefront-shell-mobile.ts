import type { CatalogueSection } from './entry.ts'

/** Storefront shell on phones: header, page focus, picture zoom (issue 21). */
export const storefrontShellMobileCatalogue = {} as const satisfies CatalogueSection
