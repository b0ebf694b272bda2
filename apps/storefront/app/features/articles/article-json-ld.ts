import type { ArticleDetail } from '@optika/domain/community/article-api'

/** schema.org `Article` of an article page, with its breadcrumb trail. */
export function articleJsonLd(
  article: ArticleDetail,
  publicUrl: string,
  shopName: string,
  trail: readonly { readonly name: string; readonly url: string }[],
): unknown[] {
  const url = `${publicUrl}${article.url}`
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      ...(article.perex ? { description: article.perex } : {}),
      ...(article.date ? { datePublished: article.date } : {}),
      dateModified: article.modifiedAt,
      ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
      ...(article.picture ? { image: `${publicUrl}${article.picture.url}` } : {}),
      publisher: { '@type': 'Organization', name: shopName },
      mainEntityOfPage: url,
      url,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [...trail, { name: article.title, url: article.url }].map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.name,
        item: `${publicUrl}${item.url}`,
      })),
    },
  ]
}
