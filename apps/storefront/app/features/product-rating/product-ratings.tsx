import type { RatingSummary } from '@optika/domain/catalogue/rating-api'

/** The product page's ratings: summary, list, the signed-in customer's form, moderation (issue 6). */
export function ProductRatings(_props: { readonly summary: RatingSummary }) {
  return null
}
