import type { CatalogueSection } from './entry.ts'

/** Storefront accounts: registration, login, password reset, profile (issue 7); key prefix 'account.'. */
export const accountsCatalogue = {} as const satisfies CatalogueSection
