import type { CatalogueSection } from './entry.ts'

/** Forum reports and moderation (issue 18). */
export const forumModerationCatalogue = {} as const satisfies CatalogueSection
