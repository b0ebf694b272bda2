import type { FastifyInstance } from 'fastify'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'

/** Registration, captcha, login/logout, lost and new password (issue 7). Contract stub. */
export async function registerCustomerAuthRoutes(
  _app: FastifyInstance,
  _deps: AccountRouteDeps,
): Promise<void> {}
