import type { CatalogueSection } from './entry.ts'

/** Product ratings: form, summary, moderation (issue 6); key prefix 'ratings.'. */
export const ratingsCatalogue = {} as const satisfies CatalogueSection
