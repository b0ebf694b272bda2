import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { SUGGEST_QUERY_MAX } from './search-suggest.ts'

/**
 * The header search's suggestions (issue 18), answered from memory by the in-process search
 * engine and small indexes of categories, brands and published articles:
 *
 *   GET /api/search/suggest?q=&locale=  → SearchSuggestAnswer
 *
 * Matching ignores case and accents and looks for words starting with what was typed.
 */

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
