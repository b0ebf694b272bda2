import type { Locale } from '@optika/i18n/locales'

/**
 * A language's own name ("Čeština", "Magyar"), as a switcher shows it: from CLDR data in Node and
 * the browser, so it needs no dictionary and reads right whatever the page's language.
 */
export function languageName(locale: Locale): string {
  let known = names.get(locale)
  if (known === undefined) {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
    known = name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
    names.set(locale, known)
  }
  return known
}

/** Made once per language: a switcher on every page names all six. */
const names = new Map<Locale, string>()
