import type { CatalogueSection } from './entry.ts'

/** Back-office shop settings: shipping, payment, countries, vouchers, stock (issue 8); key prefix 'admin.shop.'. */
export const adminShopCatalogue = {} as const satisfies CatalogueSection
