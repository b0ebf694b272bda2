import { LOCALES, type Locale } from '@optika/i18n/locales'

/** The same page in every language, e.g. for the language switcher and hreflang links. */
export function inEveryLocale(urlIn: (locale: Locale) => string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, urlIn(locale)])) as Record<
    Locale,
    string
  >
}
