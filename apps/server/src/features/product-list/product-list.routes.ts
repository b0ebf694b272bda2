import type { FastifyInstance } from 'fastify'
import type { ProductListService } from './product-list-service.ts'

/** GET /api/products (seed section 7). Contract stub. */
export async function registerProductListRoutes(
  _app: FastifyInstance,
  _service: ProductListService,
): Promise<void> {}
