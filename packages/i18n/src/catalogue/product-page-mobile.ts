import type { CatalogueSection } from './entry.ts'

/** Product page: sticky add-to-cart, delivery information, guest prices (issue 21). */
export const productPageMobileCatalogue = {} as const satisfies CatalogueSection
