import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AdminRatingListQuerySchema,
  AdminRatingListSchema,
  AdminRatingParamsSchema,
  AdminRatingSchema,
  ProductIdParamsSchema,
  ProductRatingParamsSchema,
  RatingInputSchema,
  RatingSummarySchema,
} from '@optika/domain/catalogue/rating-api'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import type { ModerationRequest, RatingsService } from './ratings-service.ts'

/** A summary names the viewer's own rating and moderation rights: nobody may keep it. */
const NO_STORE = 'private, no-store'

/**
 * The body of PUT …/rating, checked here rather than by the route schema: a missing or
 * out-of-range overall rating answers the seed's 'Please rate the product.' as the message
 * (not only as a field error), which is what the form shows.
 */
function parseRatingInput(body: unknown) {
  const parsed = RatingInputSchema.safeParse(body ?? {})
  if (parsed.success) return parsed.data
  if (parsed.error.issues.some((issue) => issue.path[0] === 'overall')) {
    throw new AppError(400, 'RATING_REQUIRED', 'validation.ratingRequired', {}, [
      { path: 'overall', key: 'validation.overallRatingRequired' },
    ])
  }
  throw parsed.error
}

/** Ratings API (packages/domain/src/catalogue/rating-api.ts). */
export async function registerRatingRoutes(
  app: FastifyInstance,
  ratings: RatingsService,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['storefront']

  r.get(
    '/api/product/:id/ratings',
    {
      schema: {
        tags,
        summary: "A product's ratings: count, average, distribution, the list, the viewer's own",
        params: ProductIdParamsSchema,
        response: { 200: RatingSummarySchema },
      },
    },
    async (request, reply) => {
      if (!(await ratings.isRateable(request.params.id))) {
        throw new AppError(404, 'PRODUCT_NOT_FOUND', 'cart.productNotFound')
      }
      reply.header('cache-control', NO_STORE)
      return ratings.summary(request.params.id, request.viewer)
    },
  )

  r.put(
    '/api/product/:id/rating',
    {
      schema: {
        tags,
        summary: "Creates or changes the signed-in customer's rating of the product",
        description:
          'Body: `{ overall: 1–5, verbal?, pros?, cons? }`. A missing or out-of-range overall ' +
          'rating is 400 RATING_REQUIRED. Answers the new summary.',
        params: ProductIdParamsSchema,
        response: { 200: RatingSummarySchema },
      },
    },
    async (request, reply) => {
      // Anonymous first: nobody learns which products exist or how the body is checked.
      if (request.viewer.customerId === null) {
        throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
      }
      const input = parseRatingInput(request.body)
      reply.header('cache-control', NO_STORE)
      return ratings.rate(request.params.id, request.viewer, input, request.ctx.locale)
    },
  )

  for (const action of ['hide', 'show'] as const) {
    r.post(
      `/api/product/:id/ratings/:ratingId/${action}`,
      {
        schema: {
          tags,
          summary: `A moderator ${action}s a rating of the product`,
          params: ProductRatingParamsSchema,
          response: { 200: RatingSummarySchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', NO_STORE)
        return ratings.moderate(
          request.params.id,
          request.params.ratingId,
          action === 'hide',
          request.viewer,
          { ip: request.ip, requestId: request.id },
        )
      },
    )
  }

  // ── Back office ───────────────────────────────────────────────────────────────────────────
  const adminTags = ['admin ratings']
  const guard = { preValidation: [requirePermission('ratings')] }
  const moderationOf = (request: FastifyRequest): ModerationRequest => {
    const admin = request.admin
    if (!admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    return {
      by: { kind: 'admin', actor: { id: admin.userId, name: admin.name || admin.username } },
      ip: request.ip,
      requestId: request.id,
    }
  }

  r.get(
    '/admin/ratings',
    {
      ...guard,
      schema: {
        tags: adminTags,
        querystring: AdminRatingListQuerySchema,
        response: { 200: AdminRatingListSchema },
      },
    },
    async (request) => ratings.adminList(request.query, request.ctx.locale),
  )

  for (const action of ['hide', 'show'] as const) {
    r.post(
      `/admin/ratings/:id/${action}`,
      {
        ...guard,
        schema: {
          tags: adminTags,
          params: AdminRatingParamsSchema,
          response: { 200: AdminRatingSchema },
        },
      },
      async (request) =>
        ratings.adminSetHidden(
          request.params.id,
          action === 'hide',
          moderationOf(request),
          request.ctx.locale,
        ),
    )
  }
}
