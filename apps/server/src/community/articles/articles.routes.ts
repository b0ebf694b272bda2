import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ArticleDetailQuerySchema,
  ArticleIdSchema,
  ArticleListQuerySchema,
} from '@optika/domain/community/article-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { ArticlesService } from './articles-service.ts'

/** Without `locale`, the request's language (its cookie or Accept-Language). */
const ListQuerySchema = ArticleListQuerySchema.partial({ locale: true })
const DetailQuerySchema = ArticleDetailQuerySchema.partial({ locale: true }).extend({
  preview: z.enum(['1']).optional().describe('A back-office editor (objects) sees it unpublished'),
})
const ParamsSchema = z.object({ id: z.string().max(20) })

/** GET /api/articles and GET /api/articles/{id} (issue 18). */
export async function registerArticleRoutes(
  app: FastifyInstance,
  service: ArticlesService,
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get(
    '/api/articles',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Published articles in a language, newest first, one page',
        querystring: ListQuerySchema,
      },
    },
    async (request) =>
      service
        .forRequest(request)
        .list({ ...request.query, locale: request.query.locale ?? request.ctx.locale }),
  )
  typed.get(
    '/api/articles/:id',
    {
      schema: {
        tags: ['storefront'],
        summary: 'One article with its related products as tiles',
        description: 'Unknown, unpublished or not in the language: 404 `ARTICLE_NOT_FOUND`.',
        params: ParamsSchema,
        querystring: DetailQuerySchema,
      },
    },
    async (request, reply) => {
      // The asked language is also the language of the answer's message.
      if (request.query.locale) request.ctx = { ...request.ctx, locale: request.query.locale }
      const id = ArticleIdSchema.safeParse(request.params.id)
      const preview = request.query.preview === '1'
      const article = id.success
        ? await service.forRequest(request).get({
            id: id.data,
            locale: request.ctx.locale,
            preview,
          })
        : null
      if (!article) throw new AppError(404, 'ARTICLE_NOT_FOUND', 'error.articleNotFound')
      // A preview is one editor's view of an unpublished draft: never kept by a cache.
      if (article.unpublished) reply.header('cache-control', 'no-store')
      return article
    },
  )
}
