import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BigIdSchema } from '@optika/domain/ids'
import { AppError } from '../../platform/http/app-error.ts'
import type { ProductDetailService } from './product-detail-service.ts'

const ProductImageSchema = z.object({
  id: z.number().int(),
  alt: z.string().describe("'Product name – colour'"),
  width: z.number().int().describe('Width of the medium size in pixels'),
  height: z.number().int().describe('Height of the medium size in pixels'),
  thumbnail: z.string().describe('URL of the thumbnail size (gallery strip)'),
  medium: z.string().describe('URL of the medium size (main picture)'),
  large: z.string().describe('URL of the large size (zoom)'),
})

export const ProductImagesSchema = z.object({
  id: z.number().int(),
  images: z.array(ProductImageSchema).readonly(),
  variants: z
    .array(z.object({ id: z.number().int(), images: z.array(ProductImageSchema).readonly() }))
    .readonly()
    .describe("A product's colour variants with their pictures; empty for a variant"),
})

const ProductIdParamsSchema = z.object({
  id: BigIdSchema.describe('Id of a product or of one of its colour variants'),
})

/** Pictures change only when the back office saves; a browser may keep them briefly. */
const IMAGES_CACHE = 'public, max-age=60'

/** GET /api/product/images/{id}. */
export async function registerProductDetailRoutes(
  app: FastifyInstance,
  service: ProductDetailService,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/product/images/:id',
    {
      schema: {
        tags: ['storefront'],
        summary: "A product's or a variant's pictures in the gallery's sizes",
        description:
          'A product: its own pictures and each published colour variant’s; a variant: its own ' +
          '(the product’s when it has none). Unknown, unpublished or not a product: 404 ' +
          '`PRODUCT_NOT_FOUND`.',
        params: ProductIdParamsSchema,
        response: { 200: ProductImagesSchema },
      },
    },
    async (request, reply) => {
      const images = await service.images(request.ctx.locale, request.params.id)
      if (!images) throw new AppError(404, 'PRODUCT_NOT_FOUND', 'cart.productNotFound')
      reply.header('cache-control', IMAGES_CACHE).header('vary', 'Cookie, Accept-Language')
      return images
    },
  )
}
