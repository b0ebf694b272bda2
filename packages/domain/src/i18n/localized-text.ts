import { FALLBACK_LOCALE, DEFAULT_LOCALE, type Locale } from '@optika/i18n/locales'
import type { LocalizedText } from '../catalogue/product-data.ts'

/** Picks a localized field's text: the language asked for, else English, else Czech, else ''. */
export function localize(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return ''
  return text[locale] || text[FALLBACK_LOCALE] || text[DEFAULT_LOCALE] || ''
}
