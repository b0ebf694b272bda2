import type { CatalogueSection } from './entry.ts'

/** The forum: boards, threads, posts, the composer (issue 18). */
export const forumCatalogue = {} as const satisfies CatalogueSection
