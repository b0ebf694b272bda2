import type { Locale } from '../locales.ts'

/**
 * One translation: a text for every language. Typing each catalogue with
 * `satisfies CatalogueSection` makes a missing language a type error; the
 * catalogue test checks the same at run time (and for empty strings).
 */
export type Translations = Readonly<Record<Locale, string>>
export type CatalogueSection = Readonly<Record<string, Translations>>
