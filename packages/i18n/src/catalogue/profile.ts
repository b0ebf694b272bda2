import type { CatalogueSection } from './entry.ts'

/** Storefront profile, addresses, GDPR, order history API messages (issue 7); key prefix 'profile.'. */
export const profileCatalogue = {} as const satisfies CatalogueSection
