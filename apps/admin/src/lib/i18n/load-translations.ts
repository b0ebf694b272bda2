import type { i18n as I18n } from 'i18next'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'

/** The dictionary the server sends: text key → text in one language. */
export type Dictionary = Record<string, string>

/**
 * Loads one language's dictionary from the server into i18next (the seed's translation loader):
 * a non-OK response raises 'Network response was not ok'; any failure is logged as
 * 'Failed to load translations:' and leaves the dictionary already loaded as it was.
 * Returns whether the load succeeded.
 */
export async function loadTranslations(i18n: I18n, locale: Locale): Promise<boolean> {
  try {
    const response = await fetch(generateUrl('api_translations', { locale }), {
      headers: { accept: 'application/json' },
    })
    if (!response.ok) throw new Error('Network response was not ok')
    const dictionary = readDictionary(await response.json())
    i18n.addResourceBundle(locale, 'translation', dictionary, true, true)
    return true
  } catch (error) {
    console.error('Failed to load translations:', error)
    return false
  }
}

/** Keeps the string entries of a JSON object; anything else is not a dictionary. */
function readDictionary(body: unknown): Dictionary {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError('The translation dictionary is not a JSON object')
  }
  const dictionary: Dictionary = {}
  for (const [key, text] of Object.entries(body)) {
    if (typeof text === 'string') dictionary[key] = text
  }
  return dictionary
}
