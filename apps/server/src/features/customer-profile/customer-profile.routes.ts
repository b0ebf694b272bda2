import type { FastifyInstance } from 'fastify'
import type { AccountRouteDeps } from './account-route-deps.ts'

/** Profile, addresses, password change, newsletter, GDPR export and delete, order history. Contract stub. */
export async function registerCustomerProfileRoutes(
  _app: FastifyInstance,
  _deps: AccountRouteDeps,
): Promise<void> {}
