import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { localize } from '@optika/domain/i18n/localized-text'
import { generateUrl } from '@optika/domain/routing/routes'
import { LOCALES, type Locale } from '@optika/i18n/locales'

/** The same page in every language, e.g. for the language switcher and hreflang links. */
export type LocalizedUrls = Readonly<Record<Locale, string>>

/**
 * A slug for the URL: the localized one, else the English or Czech one. An object saved without
 * any slug still gets a working URL (the id is what the page looks up; the slug is for people).
 */
function slugOf(slug: LocalizedText | undefined, id: number, locale: Locale): string {
  return localize(slug, locale) || String(id)
}

export function categoryUrl(locale: Locale, id: number, slug: LocalizedText | undefined): string {
  return generateUrl('category', { locale, id, slug: slugOf(slug, id, locale) })
}

export function productUrl(locale: Locale, id: number, slug: LocalizedText | undefined): string {
  return generateUrl('product', { locale, id, slug: slugOf(slug, id, locale) })
}

export function inEveryLocale(urlIn: (locale: Locale) => string): LocalizedUrls {
  return Object.fromEntries(LOCALES.map((locale) => [locale, urlIn(locale)])) as Record<
    Locale,
    string
  >
}
