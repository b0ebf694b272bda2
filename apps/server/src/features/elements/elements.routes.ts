import type { FastifyInstance } from 'fastify'
import type { PimRouteDeps } from '../pim-objects/pim-route-deps.ts'

/** Element services: /admin/element/*, /admin/tags/*, /admin/recyclebin/*, /admin/search/*, and the scheduler. */
export async function registerElementRoutes(
  app: FastifyInstance,
  deps: PimRouteDeps,
): Promise<void> {
  void app
  void deps
}
