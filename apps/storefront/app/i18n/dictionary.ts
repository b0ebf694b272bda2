import {
  STOREFRONT_DICTIONARY_GLOBAL,
  type ShippedDictionary,
} from '@optika/domain/i18n/storefront-dictionary'
import type { Locale } from '@optika/i18n/locales'

/** One language's texts as the server sends them: text key → text. */
export type Dictionary = Readonly<Record<string, string>>

/** Dictionaries by language and version: the few the server or this browser has seen. */
const known = new Map<string, Dictionary>()

/**
 * Makes `texts` the dictionary of `locale` at `version`: the root loader on the server (before
 * the page renders), the browser after loading another language.
 */
export function registerDictionary(locale: Locale, version: string, texts: Dictionary): void {
  if (known.size >= 24) known.clear()
  known.set(`${locale}@${version}`, texts)
}

/**
 * The dictionary of `locale` at `version`, as the root data names it: registered, or in the
 * browser left by the dictionary's script (decision 070), which runs before the page hydrates.
 * No version (no root data) is no texts: every text shows as its key.
 */
export function dictionaryOf(locale: Locale, version: string | undefined): Dictionary {
  if (version === undefined) return {}
  const key = `${locale}@${version}`
  const found = known.get(key)
  if (found) return found
  const shipped = (
    globalThis as { [STOREFRONT_DICTIONARY_GLOBAL]?: Partial<Record<Locale, ShippedDictionary>> }
  )[STOREFRONT_DICTIONARY_GLOBAL]?.[locale]
  if (!shipped) return {}
  // A page drawn just before the texts changed may find the newer ones: they are the shop's now.
  registerDictionary(locale, version, shipped.texts)
  return shipped.texts
}
