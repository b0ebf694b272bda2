import type { CatalogueSection } from './entry.ts'

/** Storefront account pages: forms, navigation, partner area screens (issue 7); key prefix 'accountPage.'. */
export const accountPagesCatalogue = {} as const satisfies CatalogueSection
