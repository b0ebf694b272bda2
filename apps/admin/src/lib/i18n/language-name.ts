import type { Locale } from '@optika/i18n/locales'

/**
 * A language's own name ("čeština", "magyar"), capitalised as a menu item. Taken from the
 * browser's CLDR data, so the switcher reads right even before any dictionary has loaded.
 */
export function languageName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
}
