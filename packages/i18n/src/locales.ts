/** The shop's languages. Czech is the default; English is the fallback for a missing text. */
export const LOCALES = ['cs', 'en', 'hu', 'pl', 'ro', 'sk'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'cs'
export const FALLBACK_LOCALE: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** BCP 47 tags for Intl formatting (numbers, money, dates) in each language. */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = {
  cs: 'cs-CZ',
  en: 'en-GB',
  hu: 'hu-HU',
  pl: 'pl-PL',
  ro: 'ro-RO',
  sk: 'sk-SK',
}
