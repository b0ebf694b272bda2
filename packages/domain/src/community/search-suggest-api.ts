import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'

/**
 * The header search's suggestions (issue 18), answered from memory by the in-process search
 * engine and small indexes of categories, brands and published articles:
 *
 *   GET /api/search/suggest?q=&locale=  → SearchSuggestAnswer
 *
 * Matching ignores case and accents and looks for words starting with what was typed.
 */

/** Longer input is refused: nobody types a product name of 200 letters into a search box. */
export const SUGGEST_QUERY_MAX = 200
/** How many suggestions each group holds at most. */
export const SUGGEST_LIMITS = { products: 5, categories: 4, brands: 3, articles: 3 } as const
/** The browser waits this long after the last key before asking (ms). */
export const SUGGEST_DEBOUNCE_MS = 150

export const SearchSuggestQuerySchema = z.object({
  q: z
    .string()
    .max(SUGGEST_QUERY_MAX, 'searchSuggest.queryTooLong')
    .transform((text) => text.replace(/\p{Cc}/gu, ' ').trim()),
  /** The page's language; the visitor's language (cookie, browser) when absent. */
  locale: z.enum(LOCALES).optional(),
})
export type SearchSuggestQuery = z.infer<typeof SearchSuggestQuerySchema>

const SuggestPriceSchema = z.object({
  currency: z.string(),
  final: z.number(),
  catalog: z.number(),
  action: z.number().optional(),
  discountPercent: z.number().optional(),
  withVat: z.boolean(),
})

export const SuggestedProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  /** The default colour's front picture in the `thumbnail` size. */
  thumbnail: z.string().nullable(),
  /** Signed-in viewers only, as on the product tiles (seed section 6). */
  price: SuggestPriceSchema.optional(),
})
export type SuggestedProduct = z.infer<typeof SuggestedProductSchema>

export const SuggestedLinkSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
})
export type SuggestedLink = z.infer<typeof SuggestedLinkSchema>

export const SearchSuggestAnswerSchema = z.object({
  query: z.string(),
  products: z.array(SuggestedProductSchema),
  categories: z.array(SuggestedLinkSchema),
  brands: z.array(SuggestedLinkSchema),
  articles: z.array(SuggestedLinkSchema),
})
export type SearchSuggestAnswer = z.infer<typeof SearchSuggestAnswerSchema>

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
