import type { CatalogueSection } from './entry.ts'

/** Documents on the storefront: pages, navigation, breadcrumbs, previews (issue 17). */
export const cmsPagesCatalogue = {} as const satisfies CatalogueSection
