import type { FastifyInstance, FastifyRequest } from 'fastify'

/** What a browser or proxy may do with an answer meant for one person: nothing. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'

/**
 * Answers meant for one person — the back office's, any page or API answer a signed-in shopper
 * gets — go out `private, no-store`, so no shared cache keeps them and a browser does not keep
 * them after sign-out. A route that chose its own caching (a download's, an image's, a stricter
 * `no-store`) keeps it; answers to everybody else keep theirs, or none.
 */
export function registerPersonalAnswersCaching(
  app: FastifyInstance,
  isPersonal: (request: FastifyRequest) => boolean,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && isPersonal(request)) {
      reply.header('cache-control', PERSONAL_CACHE_CONTROL)
    }
    return payload
  })
}
