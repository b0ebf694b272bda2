import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DealerSearchQuerySchema, GeoSuggestQuerySchema } from '@optika/domain/community/dealer-api'
import { AppError } from '../../platform/http/app-error.ts'
import {
  approvedPartnerOnly,
  requireApprovedPartner,
} from '../../accounts/partner/require-partner.ts'
import type { DealersService } from './dealers-service.ts'

/** Dealers change when the back office publishes; a minute of sharing is harmless. */
const PUBLIC_CACHE = 'public, max-age=60'

const DealerParamsSchema = z.object({ ref: z.string().max(40) })

/** PostgreSQL cannot store U+0000 in text: such input is refused before it reaches a query. */
function refuseNul(body: unknown): void {
  if (JSON.stringify(body ?? null).includes('\\u0000')) {
    throw new AppError(400, 'VALIDATION', 'dealer.badText')
  }
}

/** The dealer map's API (packages/domain/src/community/dealer-api.ts). */
export async function registerDealerRoutes(
  app: FastifyInstance,
  dealers: DealersService,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['storefront']

  r.get(
    '/api/geo/suggest',
    {
      schema: {
        tags,
        summary: 'Towns, town parts and postcodes of CZ, SK, HU, PL, RO starting with `q`',
        querystring: GeoSuggestQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return { places: dealers.suggest(request.query.q, request.query.limit) }
    },
  )

  r.get(
    '/api/dealers',
    {
      schema: {
        tags,
        summary: 'Dealers nearest first from an address or a point, with brand and service filters',
        description:
          '`q` is geocoded by the offline gazetteer; 404 ADDRESS_NOT_FOUND when it matches no ' +
          'place. Brands are object ids joined by `_`, services keys joined by `_`.',
        querystring: DealerSearchQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE)
      return dealers.search(request.query, request.ctx.locale)
    },
  )

  r.get(
    '/api/dealers/:ref',
    {
      schema: {
        tags,
        summary:
          "A dealer's page: `o<objectId>` a Dealer object, `p<customerId>` a partner's entry",
        params: DealerParamsSchema,
      },
    },
    async (request, reply) => {
      const dealer = await dealers.detail(request.params.ref, request.ctx.locale)
      if (!dealer) throw new AppError(404, 'DEALER_NOT_FOUND', 'dealer.notFound')
      reply.header('cache-control', PUBLIC_CACHE)
      return dealer
    },
  )

  r.get(
    '/api/partner/dealer-listing',
    {
      preHandler: approvedPartnerOnly,
      schema: {
        tags,
        summary: "The approved partner's own entry on the dealer map (null before saving)",
      },
    },
    async (request, reply) => {
      const viewer = requireApprovedPartner(request)
      reply.header('cache-control', 'private, no-store')
      return dealers.partnerListing(viewer.customerId)
    },
  )

  r.put(
    '/api/partner/dealer-listing',
    {
      preHandler: approvedPartnerOnly,
      schema: {
        tags,
        summary:
          "Saves the approved partner's entry; without GPS it is placed by postcode and town",
        description: '404 ADDRESS_NOT_FOUND when neither the postcode nor the town is known.',
      },
    },
    async (request, reply) => {
      const viewer = requireApprovedPartner(request)
      refuseNul(request.body)
      reply.header('cache-control', 'private, no-store')
      return dealers.savePartnerListing(viewer.customerId, request.body)
    },
  )
}
