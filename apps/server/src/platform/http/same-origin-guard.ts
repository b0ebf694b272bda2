import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './app-error.ts'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * CSRF defence for cookie-authenticated writes: an unsafe request is refused when the browser
 * says it comes from another site (Sec-Fetch-Site: cross-site) or names an Origin other than
 * this server's own or PUBLIC_URL's. Requests with neither header are not from a browser page
 * (curl, server-to-server) and carry no ambient cookie risk, so they pass.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false
  if (request.headers['sec-fetch-site'] === 'cross-site') return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  const own = `${request.protocol}://${request.host}`
  return origin !== own && origin !== new URL(publicUrl).origin
}

/** Registers the guard for every route (an onRequest hook on the root instance). */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteRequest(request, publicUrl)) {
      request.log.info(
        { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      )
      throw new AppError(403, 'CROSS_SITE_REQUEST', 'server.forbidden')
    }
  })
}
