/** The shop's languages. Czech is the default; English is the fallback for a missing text. */
export const LOCALES = ['cs', 'en', 'hu', 'pl', 'ro', 'sk'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'cs'
export const FALLBACK_LOCALE: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}
