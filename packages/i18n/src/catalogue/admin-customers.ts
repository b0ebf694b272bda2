import type { CatalogueSection } from './entry.ts'

/** Back office: customers, partners, approval queue, complaints (issue 7); key prefix 'adminCustomers.'. */
export const adminCustomersCatalogue = {} as const satisfies CatalogueSection
