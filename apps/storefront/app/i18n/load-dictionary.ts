import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import type { Dictionary } from './dictionary.ts'

/**
 * The browser's loader for another language's dictionary (seed section 7, "Handling"): fetches
 * /api/translations/{locale} (revalidated by ETag through the HTTP cache). On failure it logs
 * 'Failed to load translations:' and keeps `current`, the dictionary already shown.
 */
export async function loadDictionary(locale: Locale, current: Dictionary): Promise<Dictionary> {
  try {
    const response = await fetch(generateUrl('api_translations', { locale }), {
      headers: { accept: 'application/json' },
    })
    if (!response.ok) throw new Error('Network response was not ok')
    return readDictionary(await response.json())
  } catch (error) {
    console.error('Failed to load translations:', error)
    return current
  }
}

/** Keeps the string entries of a JSON object; anything else is not a dictionary. */
function readDictionary(body: unknown): Dictionary {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError('The translation dictionary is not a JSON object')
  }
  const dictionary: Record<string, string> = {}
  for (const [key, text] of Object.entries(body)) {
    if (typeof text === 'string' && !key.startsWith('admin.')) dictionary[key] = text
  }
  return dictionary
}
