import type { FastifyRequest } from 'fastify'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { AppError } from '../../platform/http/app-error.ts'

/**
 * preValidation: 401 without a session, 403 unless the user holds one of `keys`. Readers of the
 * classification store and the unit list include the object editor (`objects`), which needs
 * them to show a product's attributes.
 */
export function requireAnyPermission(...keys: PermissionKey[]) {
  return async function requireOneOfKeys(request: FastifyRequest): Promise<void> {
    if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    const permissions = request.admin.permissions
    if (!keys.some((key) => permissions.has(key))) {
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    }
  }
}
