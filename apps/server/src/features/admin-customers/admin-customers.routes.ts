import type { FastifyInstance } from 'fastify'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'

/**
 * Back office: customers and partners lists and detail, partner approval queue, complaints
 * queue, password-reset links, impersonation. Contract stub.
 */
export async function registerAdminCustomerRoutes(
  _app: FastifyInstance,
  _deps: AccountRouteDeps,
): Promise<void> {}
