/** One language's texts as the server sends them: text key → text. */
export type Dictionary = Readonly<Record<string, string>>

/** Parsed dictionaries by their text: one per language the server serves (a few at most). */
const parsed = new Map<string, Dictionary>()

/**
 * The dictionary of the root data's JSON text (the root loader sends it as one string: encoding
 * a string costs the server almost nothing, an object of a thousand texts costs it more than the
 * rest of a product page). Parsed once per text; `undefined` (no root data) is no texts.
 */
export function parseDictionary(json: string | undefined): Dictionary {
  if (json === undefined) return {}
  let dictionary = parsed.get(json)
  if (!dictionary) {
    if (parsed.size >= 12) parsed.clear()
    dictionary = JSON.parse(json) as Dictionary
    parsed.set(json, dictionary)
  }
  return dictionary
}
