import type { FastifyInstance } from 'fastify'
import type { PimRouteDeps } from '../pim-objects/pim-route-deps.ts'

/** The object grid: /admin/object/grid-proxy, /admin/object-helper/*, export/batch/import jobs. */
export async function registerPimGridRoutes(
  app: FastifyInstance,
  deps: PimRouteDeps,
): Promise<void> {
  void app
  void deps
}
