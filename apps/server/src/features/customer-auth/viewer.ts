import type { FastifyInstance } from 'fastify'
import { ANONYMOUS_VIEWER, type Viewer } from '@optika/domain/accounts/viewer'
import type { Db } from '../../db/client.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is looking at the storefront (from the customer session cookie); anonymous without one. */
    viewer: Viewer
  }
}

/**
 * Puts the viewer on every request that is not a back-office or media request. Contract stub:
 * the customer-auth feature reads the session cookie here.
 */
export function registerViewer(app: FastifyInstance, _db: Db): void {
  app.decorateRequest('viewer', null as unknown as Viewer)
  app.addHook('onRequest', async (request) => {
    request.viewer = ANONYMOUS_VIEWER
  })
}
