import type {
  ProductDetail,
  ProductDetailVariant,
} from '@optika/domain/catalogue/product-detail-api'
import type { Orderability } from '@optika/domain/catalogue/availability'
import { MINOR_UNITS } from '@optika/domain/commerce/currencies'

/** schema.org's names for whether an item can be bought now. */
const SCHEMA_AVAILABILITY: Record<Orderability, string> = {
  available: 'https://schema.org/InStock',
  outOfStock: 'https://schema.org/OutOfStock',
  cannotBeOrdered: 'https://schema.org/Discontinued',
}

/** A link's path without its query: search engines get the canonical category pages. */
function withoutQuery(url: string): string {
  const at = url.indexOf('?')
  return at === -1 ? url : url.slice(0, at)
}

/**
 * The page's structured data (schema.org Product and BreadcrumbList). An Offer is added only
 * when this viewer sees prices: prices are not public (seed section 6), so anonymous visitors and
 * crawlers get a Product without offers rather than a price the shop does not publish.
 */
export function productJsonLd(
  detail: ProductDetail,
  variant: ProductDetailVariant,
  publicUrl: string,
  home: { readonly name: string; readonly url: string },
): Record<string, unknown> {
  const pageUrl = `${publicUrl}${detail.url}`
  const images =
    variant.images.length > 0 ? variant.images : detail.variants.flatMap((v) => v.images)
  const product: Record<string, unknown> = {
    '@type': 'Product',
    '@id': `${pageUrl}#product`,
    name: detail.name,
    sku: variant.code,
    url: pageUrl,
    ...(detail.description ? { description: detail.description } : {}),
    ...(detail.brand ? { brand: { '@type': 'Brand', name: detail.brand } } : {}),
    ...(images.length > 0 ? { image: images.map((image) => `${publicUrl}${image.large}`) } : {}),
  }
  if (detail.pricesVisible && variant.price) {
    const { price } = variant
    product.offers = {
      '@type': 'Offer',
      url: pageUrl,
      priceCurrency: price.currency,
      price: (price.final / MINOR_UNITS[price.currency]).toFixed(2),
      availability: SCHEMA_AVAILABILITY[variant.orderability],
    }
  }
  if (detail.rating.count > 0 && detail.rating.average !== null) {
    product.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(detail.rating.average * 10) / 10,
      ratingCount: detail.rating.count,
      bestRating: 5,
      worstRating: 1,
    }
  }
  const trail = [
    home,
    ...detail.categoryTrail.map((c) => ({ name: c.name, url: withoutQuery(c.url) })),
    { name: detail.name, url: detail.url },
  ]
  const breadcrumbs = {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${publicUrl}${item.url}`,
    })),
  }
  return { '@context': 'https://schema.org', '@graph': [product, breadcrumbs] }
}

/**
 * JSON for an inline `<script>`: `<` is escaped so no text in the data (a name, a description)
 * can close the script element; U+2028/2029 are escaped for old parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
