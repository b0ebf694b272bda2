import type { FastifyInstance } from 'fastify'
import type { PimRouteDeps } from '../pim-objects/pim-route-deps.ts'

/** Assets, minimal: upload into folders, thumbnails, GET /api/product/images/{id}. */
export async function registerAssetRoutes(app: FastifyInstance, deps: PimRouteDeps): Promise<void> {
  void app
  void deps
}
