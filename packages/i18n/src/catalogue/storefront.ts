import type { CatalogueSection } from './entry.ts'

export const storefrontCatalogue = {} as const satisfies CatalogueSection
