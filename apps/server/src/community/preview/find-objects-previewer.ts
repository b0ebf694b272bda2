import type { FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { loadPrincipal } from '../../identity/admin-auth/admin-sessions.ts'

/**
 * The back-office user who may preview unpublished PIM objects on the storefront (articles,
 * galleries): signed in to the back office with the `objects` permission; else null. Only a
 * preview asks — a visitor's page never looks the back-office session up (as documents do,
 * `cms/render/request-documents.ts`).
 */
export async function findObjectsPreviewer(
  request: FastifyRequest,
  db: Db,
  preview: boolean,
): Promise<number | null> {
  if (!preview) return null
  const token = readCookie(request, 'adminSession')
  const principal = token ? await loadPrincipal(db, token) : null
  return principal?.permissions.has('objects') ? principal.userId : null
}
