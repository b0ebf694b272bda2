import { z } from 'zod'

/**
 * Product ratings (seed sections 3–5): overall rating 1–5 required ('Please rate the product.'),
 * verbal rating, pros and cons; signed-in customers only, one per customer and product, which
 * they can change. Moderators (customers with the flag) and the back office hide ratings.
 * - GET    /api/product/{id}/ratings            → RatingSummary (visible ratings, newest first)
 * - PUT    /api/product/{id}/rating             RatingInput → RatingSummary (creates or changes)
 * - POST   /api/product/{id}/ratings/{ratingId}/hide | /show   (moderators) → RatingSummary
 * - GET    /admin/ratings, POST /admin/ratings/{id}/hide | /show   (back office, key 'ratings')
 */
export const RatingInputSchema = z.object({
  overall: z.coerce
    .number({ error: 'validation.ratingRequired' })
    .int('validation.ratingRequired')
    .min(1, 'validation.ratingRequired')
    .max(5, 'validation.ratingRequired'),
  verbal: z.string().trim().max(2000).default(''),
  pros: z.string().trim().max(1000).default(''),
  cons: z.string().trim().max(1000).default(''),
})
export type RatingInput = z.input<typeof RatingInputSchema>

export const RatingSchema = z.object({
  id: z.number().int(),
  overall: z.number().int(),
  verbal: z.string(),
  pros: z.string(),
  cons: z.string(),
  /** The author's display name, shortened ('Jana N.'). */
  author: z.string(),
  date: z.string(),
  /** Shown to moderators only (hidden ratings are listed for them). */
  hidden: z.boolean(),
  mine: z.boolean(),
})
export type Rating = z.infer<typeof RatingSchema>

export const RatingSummarySchema = z.object({
  productId: z.number().int(),
  count: z.number().int(),
  /** Average of visible ratings, one decimal; null without ratings. */
  average: z.number().nullable(),
  /** Visible ratings per star, index 0 = 1 star … index 4 = 5 stars. */
  distribution: z.array(z.number().int()).length(5),
  ratings: z.array(RatingSchema),
  /** The viewer's own rating (to change it); null when none or anonymous. */
  mine: RatingSchema.nullable(),
  canRate: z.boolean(),
  canModerate: z.boolean(),
})
export type RatingSummary = z.infer<typeof RatingSummarySchema>
