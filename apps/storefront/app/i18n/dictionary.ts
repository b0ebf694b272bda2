import {
  STOREFRONT_DICTIONARY_GLOBAL,
  type ShippedDictionary,
} from '@optika/domain/i18n/storefront-dictionary'
import type { Locale } from '@optika/i18n/locales'

/** One language's texts as the server sends them: text key → text. */
export type Dictionary = Readonly<Record<string, string>>

/**
 * The dictionaries at hand by language: in the browser those the dictionary's script left
 * (decision 070; it runs before the page hydrates) or a language switch loaded, on the server
 * those the root loader made current.
 */
const shipped = () => (holder[STOREFRONT_DICTIONARY_GLOBAL] ??= {})
const holder = globalThis as {
  [STOREFRONT_DICTIONARY_GLOBAL]?: Partial<Record<Locale, ShippedDictionary>>
}

/** Makes `texts` the dictionary of `locale` at `version`. */
export function registerDictionary(locale: Locale, version: string, texts: Dictionary): void {
  shipped()[locale] = { version, texts }
}

/**
 * The dictionary of `locale`, which the root data names with its version. No version (no root
 * data) is no texts: every text shows as its key.
 */
export function dictionaryOf(locale: Locale, version: string | undefined): Dictionary {
  return (version !== undefined && shipped()[locale]?.texts) || {}
}
