import type { FastifyInstance } from 'fastify'
import type { PimRouteDeps } from '../pim-objects/pim-route-deps.ts'

/** The data-object tree and editor: /admin/object/* (except grid-proxy) and /admin/variants/*. */
export async function registerPimObjectRoutes(
  app: FastifyInstance,
  deps: PimRouteDeps,
): Promise<void> {
  void app
  void deps
}
