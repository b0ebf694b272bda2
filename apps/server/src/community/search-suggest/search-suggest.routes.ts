import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import {
  SearchSuggestAnswerSchema,
  SearchSuggestQuerySchema,
} from '@optika/domain/community/search-suggest-api'
import type { SearchSuggestService } from './search-suggest-service.ts'

/** GET /api/search/suggest: the header search's suggestions as the visitor types. */
export async function registerSearchSuggestRoutes(
  app: FastifyInstance,
  service: SearchSuggestService,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search/suggest',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Suggestions for the header search: products, categories, brands, articles',
        description:
          'Words starting with the typed text, ignoring case and accents, answered from memory. ' +
          'Prices only for a signed-in viewer; articles only those written in the language.',
        querystring: SearchSuggestQuerySchema,
        response: { 200: SearchSuggestAnswerSchema },
      },
    },
    async (request, reply) => {
      const { q, locale } = request.query
      const answer = await service.suggest(request.viewer, locale ?? request.ctx.locale, q)
      // Anonymous answers are the same for everybody: a browser may keep them for a moment.
      reply.header(
        'cache-control',
        isSignedIn(request.viewer) ? 'private, no-store' : 'public, max-age=30',
      )
      reply.header('vary', 'Cookie, Accept-Language')
      return answer
    },
  )
}
