import type { CatalogueSection } from './entry.ts'

/** Storefront partner area: price lists, promotion material, complaints (issue 7); key prefix 'partner.'. */
export const partnerCatalogue = {} as const satisfies CatalogueSection
