import type { FastifyInstance } from 'fastify'
import { isWithinPath } from '@optika/domain/admin/admin-screens'
import { AppError } from '../../platform/http/app-error.ts'

/**
 * 401 for every request under these API areas without a back-office session, before the body is
 * parsed or validated: an anonymous caller learns nothing about a route's input shape, and every
 * route of the area is covered even if one forgets its preHandler. Permission keys and workspace
 * rights are still checked per route.
 */
export function requireAdminForAreas(app: FastifyInstance, areas: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (request.admin) return
    const path = request.url.split('?', 1)[0] ?? ''
    if (areas.some((area) => isWithinPath(path, area))) {
      throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    }
  })
}
