import type { CatalogueSection } from './entry.ts'

/** Back-office orders (issue 8); key prefix 'admin.orders.'. */
export const adminOrdersCatalogue = {} as const satisfies CatalogueSection
