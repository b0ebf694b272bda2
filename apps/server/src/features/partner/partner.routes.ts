import type { FastifyInstance } from 'fastify'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'

/** Approved partners: price list downloads, promotion material, complaints. Contract stub. */
export async function registerPartnerRoutes(
  _app: FastifyInstance,
  _deps: AccountRouteDeps,
): Promise<void> {}
