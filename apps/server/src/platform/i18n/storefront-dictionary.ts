import type { Locale } from '@optika/i18n/locales'
import {
  BACK_OFFICE_KEY,
  STOREFRONT_DICTIONARY_GLOBAL,
  type ShippedDictionary,
} from '@optika/domain/i18n/storefront-dictionary'
import type { Dictionary, Translator } from './translator.ts'

/** One language's storefront texts, made once per edit of the dictionary. */
export interface StorefrontDictionary extends ShippedDictionary {
  readonly texts: Dictionary
  /** The script that hands the texts to the page (`STOREFRONT_DICTIONARY_GLOBAL`). */
  readonly script: string
}

/**
 * The texts storefront pages need in a language: the server's dictionary (English filling the
 * gaps) without the back office's texts, versioned by the dictionary's ETag.
 */
export function createStorefrontDictionaries(
  translator: Pick<Translator, 'dictionary'>,
): (locale: Locale) => StorefrontDictionary {
  const made = new Map<Locale, { etag: string; dictionary: StorefrontDictionary }>()
  return (locale) => {
    const { etag, entries } = translator.dictionary(locale)
    const kept = made.get(locale)
    if (kept?.etag === etag) return kept.dictionary
    const texts = Object.fromEntries(
      Object.entries(entries).filter(([key]) => !BACK_OFFICE_KEY.test(key)),
    )
    // The ETag's hash, fit for an address's query.
    const version = etag.replace(/[^\w-]/g, '')
    const global = `self[${JSON.stringify(STOREFRONT_DICTIONARY_GLOBAL)}]`
    const script =
      `(${global}=${global}||{})[${JSON.stringify(locale)}]=` +
      `${JSON.stringify({ version, texts } satisfies ShippedDictionary)};\n`
    const dictionary = { version, texts, script }
    made.set(locale, { etag, dictionary })
    return dictionary
  }
}
