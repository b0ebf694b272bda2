import type { FastifyInstance } from 'fastify'
import type { CartService } from './request-cart.ts'

/** The seed's cart calls: POST /api/pridat-do-kosiku, PUT /api/update-quantity/{id}, DELETE /api/remove/{id}, GET /api/kosik. */
export async function registerCartRoutes(
  _app: FastifyInstance,
  _cart: CartService,
): Promise<void> {}
