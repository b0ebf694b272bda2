import type { FastifyInstance } from 'fastify'
import type { CheckoutService } from './request-checkout.ts'

/** /api/checkout/* (packages/domain/src/commerce/checkout-api.ts). */
export async function registerCheckoutRoutes(
  _app: FastifyInstance,
  _checkout: CheckoutService,
): Promise<void> {}
