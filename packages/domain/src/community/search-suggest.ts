/**
 * What the header search's suggestions share between server and browser, without zod: the
 * browser loads this with the combobox on the search field's first focus. The answer's schema is
 * in search-suggest-api.ts.
 */

/** Longer input is refused: nobody types a product name of 200 letters into a search box. */
export const SUGGEST_QUERY_MAX = 200
/** How many suggestions each group holds at most. */
export const SUGGEST_LIMITS = { products: 5, categories: 4, brands: 3, articles: 3 } as const
/** The browser waits this long after the last key before asking (ms). */
export const SUGGEST_DEBOUNCE_MS = 150

/** The groups in the order the list shows them. */
export const SUGGEST_GROUPS = ['products', 'categories', 'brands', 'articles'] as const
export type SuggestGroup = (typeof SUGGEST_GROUPS)[number]

/** Folds text for matching: lower case without accents ("Brýle" → "bryle", "Łódź" → "lodz"). */
export function foldSuggestText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/[đĐ]/g, 'd')
    .replace(/ß/g, 'ss')
    .toLowerCase()
}

/** Whether some word of the folded `text` starts with every word of the folded `query`. */
export function matchesWordPrefixes(foldedText: string, foldedQuery: string): boolean {
  const words = foldedText.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const wanted = foldedQuery.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  if (wanted.length === 0) return false
  return wanted.every((part) => words.some((word) => word.startsWith(part)))
}
