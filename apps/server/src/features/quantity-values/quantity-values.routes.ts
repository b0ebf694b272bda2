import type { FastifyInstance } from 'fastify'
import type { PimRouteDeps } from '../pim-objects/pim-route-deps.ts'

/** Quantity value units: /admin/quantity-value/*. */
export async function registerQuantityValueRoutes(
  app: FastifyInstance,
  deps: PimRouteDeps,
): Promise<void> {
  void app
  void deps
}
