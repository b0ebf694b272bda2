import type { CatalogueSection } from './entry.ts'

/** Cart API messages and labels (issue 8); key prefix 'cartApi.'. */
export const cartCatalogue = {} as const satisfies CatalogueSection
