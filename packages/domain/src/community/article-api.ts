/**
 * Articles (issue 18): PIM objects of class Article, shown on the storefront. The articles slice
 * adds its list and detail contract here.
 */

/** An article's category; labels are `article.category.<key>`. */
export const ARTICLE_CATEGORIES = ['news', 'advice', 'fashion', 'technology'] as const
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number]
