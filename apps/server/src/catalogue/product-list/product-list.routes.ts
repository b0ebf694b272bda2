import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import {
  ProductsQuerySchema,
  ProductsResponseSchema,
} from '@optika/domain/catalogue/product-list-api'
import type { ProductListService } from './product-list-service.ts'

/**
 * Anonymous answers are the same for everybody with the same language: a browser may keep them
 * briefly. Signed-in answers carry prices, so nothing may keep them (docs/decisions/016).
 */
const ANONYMOUS_CACHE = 'public, max-age=30'
const SIGNED_IN_CACHE = 'private, no-store'

/** GET /api/products (seed section 7): a category's product list page by page, with filters. */
export async function registerProductListRoutes(
  app: FastifyInstance,
  service: ProductListService,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/products',
    {
      schema: {
        tags: ['storefront'],
        summary: "A category's products: one page, filtered and sorted, with the filter panel",
        description:
          'Besides the listed parameters, one parameter per active filter named by the filter: ' +
          'multiselect and colour keys joined with `_`, a text, or a range `min_max`. ' +
          '`p=from-to` (load more) answers the products of page `to`. Without `cid`: the whole ' +
          'catalogue, whose only filter is the text search `model`. Prices and status badges ' +
          'only for a signed-in customer; price sorts from anonymous visitors are refused.',
        querystring: ProductsQuerySchema,
        response: { 200: ProductsResponseSchema },
      },
    },
    async (request, reply) => {
      const query = request.url.indexOf('?')
      const params = new URLSearchParams(query === -1 ? '' : request.url.slice(query + 1))
      const json = await service.listJson({
        locale: request.ctx.locale,
        viewer: request.viewer,
        params,
        pages: 'last',
      })
      reply
        .header('cache-control', isSignedIn(request.viewer) ? SIGNED_IN_CACHE : ANONYMOUS_CACHE)
        .header('vary', 'Cookie, Accept-Language')
        .type('application/json; charset=utf-8')
      // Already serialized (and kept) by the service; the schema above documents it.
      return reply.send(json as never)
    },
  )
}
