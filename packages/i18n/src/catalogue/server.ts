import type { CatalogueSection } from './entry.ts'

export const serverCatalogue = {} as const satisfies CatalogueSection
