import type { FastifyRequest } from 'fastify'
import type { RequestContext } from '../../platform/http/request-context.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminPrincipal } from '../admin-auth/admin-principal.ts'
import type { Translator } from '../../platform/i18n/translator.ts'

/** What every back-office service receives first: the request context plus who acts and from where. */
export interface AdminContext extends RequestContext {
  readonly admin: AdminPrincipal
  readonly ip: string
  /** Translates into the request's language (for validation details built in a service). */
  t(key: string, params?: Record<string, string | number>): string
}

/** The acting back-office user's context; a route reaches this only behind `requireAdmin`. */
export function adminContextOf(request: FastifyRequest, translator: Translator): AdminContext {
  const admin = request.admin
  if (!admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  return {
    ...request.ctx,
    admin,
    ip: request.ip,
    t: (key, params) => translator.t(request.ctx.locale, key, params),
  }
}

/**
 * Only an administrator may act on an administrator (edit, delete, links, 2FA) or grant the
 * flag: a token-login link for an admin would otherwise let a mere `users` holder become one.
 */
export function assertMayManageAdmin(ctx: AdminContext, targetIsAdmin: boolean): void {
  if (targetIsAdmin && !ctx.admin.isAdmin) {
    throw new AppError(403, 'ADMIN_ONLY', 'adminUsers.adminOnly')
  }
}
