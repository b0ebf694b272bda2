import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { AppError } from '../../platform/http/app-error.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { loadPrincipal } from './admin-sessions.ts'

/**
 * Sets `request.admin` on back-office requests: the principal of a live, complete session of an
 * active user, else null. The cookie's path is `/` (a `__Host-` cookie must be), so storefront
 * pages, assets and pictures would carry it too; only /admin requests look the session up.
 */
export function registerAdminSessionHook(app: FastifyInstance): void {
  app.decorateRequest('admin', null)
  app.addHook('onRequest', async (request) => {
    const token = readCookie(request, 'adminSession')
    const isBackOffice = request.url === '/admin' || request.url.startsWith('/admin/')
    request.admin = token && isBackOffice ? await loadPrincipal(request.ctx.db, token) : null
  })
}

/** preHandler: 401 without a complete back-office session. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
}

/** preHandler: 401 without a session, 403 when the user lacks `key`. */
export function requirePermission(key: PermissionKey) {
  return async function requirePermissionKey(request: FastifyRequest): Promise<void> {
    if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    if (!request.admin.permissions.has(key))
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  }
}
