import type { CatalogueSection } from './entry.ts'

/** Checkout and order placement: steps, payment, QR, mails (issue 8); key prefix 'checkoutFlow.'. */
export const checkoutCatalogue = {} as const satisfies CatalogueSection
