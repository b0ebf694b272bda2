import { z } from 'zod'
import { BigIdParamsSchema, BigIdSchema } from '../ids.ts'

/**
 * Product ratings (seed sections 3–5): overall rating 1–5 required ('Please rate the product.'),
 * verbal rating, pros and cons; signed-in customers and partners only, one per customer and
 * product, which they can change. Moderators (customers with the flag) and the back office hide
 * ratings; a hidden rating leaves everybody's count, average and distribution.
 * - GET    /api/product/{id}/ratings            → RatingSummary (visible ratings, newest first)
 * - PUT    /api/product/{id}/rating             RatingInput → RatingSummary (creates or changes)
 * - POST   /api/product/{id}/ratings/{ratingId}/hide | /show   (moderators) → RatingSummary
 * - GET    /admin/ratings  AdminRatingListQuery → AdminRatingList      (back office, key 'ratings')
 * - POST   /admin/ratings/{id}/hide | /show     → AdminRating          (back office, key 'ratings')
 * Only a published product (not a variant) has ratings: any other id is 404 cart.productNotFound.
 */

export const MAX_RATING = 5
export const RATING_VERBAL_MAX = 2000
export const RATING_PROS_CONS_MAX = 1000

/** A form posts the stars as text ('4'); JSON as a number. Anything else is not a rating. */
const starsFromForm = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value

export const RatingInputSchema = z.object({
  overall: z.preprocess(
    starsFromForm,
    z
      .number({ error: 'validation.ratingRequired' })
      .int('validation.ratingRequired')
      .min(1, 'validation.ratingRequired')
      .max(MAX_RATING, 'validation.ratingRequired'),
  ),
  verbal: z.string().trim().max(RATING_VERBAL_MAX, 'ratings.textTooLong').default(''),
  pros: z.string().trim().max(RATING_PROS_CONS_MAX, 'ratings.textTooLong').default(''),
  cons: z.string().trim().max(RATING_PROS_CONS_MAX, 'ratings.textTooLong').default(''),
})
export type RatingInput = z.input<typeof RatingInputSchema>
export type ParsedRatingInput = z.infer<typeof RatingInputSchema>

export const RatingSchema = z.object({
  id: z.number().int(),
  overall: z.number().int(),
  verbal: z.string(),
  pros: z.string(),
  cons: z.string(),
  /** The author's display name, shortened ('Jana N.'); '' when the account has no name. */
  author: z.string(),
  /** When the rating was given or last changed (ISO time). */
  date: z.string(),
  /** Listed hidden only for moderators (and its author, as `mine`). */
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
  /** Newest first: the visible ones, for moderators also the hidden ones (flagged). */
  ratings: z.array(RatingSchema),
  /** The viewer's own rating (to change it); null when none or anonymous. */
  mine: RatingSchema.nullable(),
  canRate: z.boolean(),
  canModerate: z.boolean(),
})
export type RatingSummary = z.infer<typeof RatingSummarySchema>

export const ProductIdParamsSchema = BigIdParamsSchema
export const ProductRatingParamsSchema = ProductIdParamsSchema.extend({ ratingId: BigIdSchema })

// ── Back office ─────────────────────────────────────────────────────────────────────────────

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)

export const RATING_VISIBILITIES = ['all', 'visible', 'hidden'] as const

export const AdminRatingListQuerySchema = z.object({
  visibility: z.preprocess(emptyToUndefined, z.enum(RATING_VISIBILITIES).default('all')),
  productId: z.preprocess(emptyToUndefined, BigIdSchema.optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})
export type AdminRatingListQuery = z.infer<typeof AdminRatingListQuerySchema>

export const AdminRatingSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** In the back-office user's language; '' when the product left the shop. */
  productName: z.string(),
  productCode: z.string(),
  customerId: z.number().int(),
  /** First and last name (the back office sees whom to contact; never on the storefront). */
  customerName: z.string(),
  overall: z.number().int(),
  verbal: z.string(),
  pros: z.string(),
  cons: z.string(),
  locale: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  /** 'customer:{id}' (a moderator) or 'admin:{id}'. */
  hiddenBy: z.string().nullable(),
})
export type AdminRating = z.infer<typeof AdminRatingSchema>

export const AdminRatingListSchema = z.object({
  items: z.array(AdminRatingSchema),
  total: z.number().int(),
})
export type AdminRatingList = z.infer<typeof AdminRatingListSchema>

export const AdminRatingParamsSchema = BigIdParamsSchema
