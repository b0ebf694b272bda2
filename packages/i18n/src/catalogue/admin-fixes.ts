import type { CatalogueSection } from './entry.ts'

/** Back office: tree icons, badges, layout labels (issue 21). */
export const adminFixesCatalogue = {} as const satisfies CatalogueSection
