import type { FastifyInstance } from 'fastify'
import type { ProductDetailService } from './product-detail-service.ts'

/** GET /api/product/images/{id}. */
export async function registerProductDetailRoutes(
  _app: FastifyInstance,
  _service: ProductDetailService,
): Promise<void> {}
