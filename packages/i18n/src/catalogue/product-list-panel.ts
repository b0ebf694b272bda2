import type { CatalogueSection } from './entry.ts'

/** Storefront filter side panel widgets (issue 5); key prefix 'panel.'. */
export const productListPanelCatalogue = {} as const satisfies CatalogueSection
