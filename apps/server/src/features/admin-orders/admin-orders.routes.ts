import type { FastifyInstance } from 'fastify'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'

/** /admin/orders/* — the back office's orders (list, detail, transitions, notes, attachments). */
export async function registerAdminOrderRoutes(
  _app: FastifyInstance,
  _deps: AccountRouteDeps,
): Promise<void> {}
