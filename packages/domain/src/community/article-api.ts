import { z } from 'zod'
import type { ProductDetailLink } from '../catalogue/product-detail-api.ts'
import { LOCALES, type Locale } from '@optika/i18n/locales'

/**
 * Articles (issue 18): PIM objects of class Article, shown on the storefront — published ones in
 * the page's language, newest first; an unpublished one only to a back-office user with the
 * `objects` permission who asks for `?preview=1` (decision 044).
 *
 *   GET /api/articles?…ArticleListQuery  → ArticleListAnswer
 *   GET /api/articles/{id}?locale=       → ArticleDetail      (404 ARTICLE_NOT_FOUND, 'Article not found')
 */

/** An article's category; labels are `article.category.<key>`. */
export const ARTICLE_CATEGORIES = ['news', 'advice', 'fashion', 'technology'] as const
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number]

/** Articles on one page of the list. */
export const ARTICLES_PAGE_SIZE = 6
/** The list has no more pages than this (a page number beyond it is refused, not a deep scan). */
export const ARTICLES_MAX_PAGE = 500

/** The list's query: the page's language, a category (none = all) and a 1-based page. */
export const ArticleListQuerySchema = z.object({
  locale: z.enum(LOCALES),
  category: z.enum(ARTICLE_CATEGORIES).optional(),
  page: z.coerce.number().int().min(1).max(ARTICLES_MAX_PAGE).default(1),
})
export type ArticleListQuery = z.infer<typeof ArticleListQuerySchema>

/** GET /api/articles/{id}: the id is an object id; anything else is 'Article not found'. */
export const ArticleIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)

export const ArticleDetailQuerySchema = z.object({ locale: z.enum(LOCALES) })

/** An article's picture in the size the page draws it. */
export interface ArticlePicture {
  readonly url: string
  readonly width: number
  readonly height: number
}

/** An article in the list: what a teaser shows. */
export interface ArticleSummary {
  readonly id: number
  readonly title: string
  readonly perex: string
  /** ISO date `YYYY-MM-DD`, or null when the editor left it empty. */
  readonly date: string | null
  readonly author: string
  readonly category: ArticleCategory | null
  readonly picture: ArticlePicture | null
  /** The article's address in the page's language. */
  readonly url: string
}

export interface ArticleListAnswer {
  readonly locale: Locale
  readonly category: ArticleCategory | null
  readonly page: number
  readonly pageCount: number
  readonly total: number
  readonly articles: readonly ArticleSummary[]
}

export interface ArticleDetail extends ArticleSummary {
  /** Sanitized HTML (the PIM's wysiwyg allow-list, pictures only from the shop's own media). */
  readonly bodyHtml: string
  /** The address in every language (hreflang, language switcher). */
  readonly urls: Readonly<Record<Locale, string>>
  /** Related products as the list draws them, with what the cart needs; prices for signed-in viewers. */
  readonly relatedProducts: readonly ProductDetailLink[]
  /** Whether this viewer sees prices on the tiles. */
  readonly pricesVisible: boolean
  /** Shown to an editor's preview only: the article is not published (drawn with `noindex`). */
  readonly unpublished: boolean
  /** ISO timestamp of the last change (schema.org `dateModified`). */
  readonly modifiedAt: string
}
