import type { FastifyInstance } from 'fastify'

/**
 * Browsers' fetch wrappers send `content-type: application/json` on a DELETE that has no body,
 * which Fastify refuses as an empty JSON body (400). A DELETE that declares no body (no
 * Transfer-Encoding, no or a zero Content-Length) is taken as having none; a DELETE with a body
 * is parsed as always, so a malformed one is still a 400.
 */
export function registerEmptyDeleteBody(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'DELETE') return
    const { headers } = request
    if (headers['content-type'] === undefined || headers['transfer-encoding'] !== undefined) return
    const length = headers['content-length']
    if (length === undefined || length === '0') delete headers['content-type']
  })
}
