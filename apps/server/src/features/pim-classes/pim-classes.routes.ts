import type { FastifyInstance } from 'fastify'
import type { PimRouteDeps } from '../pim-objects/pim-route-deps.ts'

/** Classes, custom layouts, field collections, object bricks, select options: /admin/class/*. */
export async function registerPimClassRoutes(
  app: FastifyInstance,
  deps: PimRouteDeps,
): Promise<void> {
  void app
  void deps
}
