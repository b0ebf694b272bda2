import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  GalleryAlbumParamsSchema,
  GalleryAlbumQuerySchema,
  GalleryListQuerySchema,
  GALLERY_NOT_FOUND_MESSAGES,
} from '@optika/domain/community/gallery-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { GalleriesService } from './galleries-service.ts'

/** Published galleries change only when the back office saves; a browser may keep them briefly. */
const PUBLIC_CACHE = 'public, max-age=60'

/** GET /api/galleries and GET /api/galleries/{id}. */
export async function registerGalleryRoutes(
  app: FastifyInstance,
  service: GalleriesService,
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get(
    '/api/galleries',
    {
      schema: {
        tags: ['storefront'],
        summary: 'The published galleries, newest first, with cover and picture count',
        querystring: GalleryListQuerySchema,
      },
    },
    async (request, reply) => {
      const answer = await service
        .forRequest(request)
        .list(request.query.locale ?? request.ctx.locale)
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Cookie, Accept-Language')
      return answer
    },
  )
  typed.get(
    '/api/galleries/:id',
    {
      schema: {
        tags: ['storefront'],
        summary: "An album: the gallery's pictures in three sizes with their captions",
        description:
          'Captions are each asset’s `title` metadata in the language, else its `alt`. Unknown, ' +
          'unpublished (unless `preview=1` by a back-office user with the objects permission): ' +
          '404 `GALLERY_NOT_FOUND` (no such gallery) or `ALBUM_NOT_FOUND` (not published).',
        params: GalleryAlbumParamsSchema,
        querystring: GalleryAlbumQuerySchema,
      },
    },
    async (request, reply) => {
      const result = await service.forRequest(request).album({
        id: request.params.id,
        locale: request.query.locale ?? request.ctx.locale,
        preview: request.query.preview === '1',
      })
      if (result.kind === 'not-found') {
        const { code, key } = GALLERY_NOT_FOUND_MESSAGES[result.reason]
        throw new AppError(404, code, key)
      }
      const { album } = result
      reply
        .header('cache-control', album.preview ? 'no-store' : PUBLIC_CACHE)
        .header('vary', 'Cookie, Accept-Language')
      return album
    },
  )
}
