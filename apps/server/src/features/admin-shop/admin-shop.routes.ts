import type { FastifyInstance } from 'fastify'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'

/** /admin/shop/* — shipping and payment methods, countries (VAT, free shipping), vouchers, stock. */
export async function registerAdminShopRoutes(
  _app: FastifyInstance,
  _deps: AccountRouteDeps,
): Promise<void> {}
