import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client.ts'

/** How long /readyz waits for `select 1`: a database slower than this is not ready. */
const READY_TIMEOUT_MS = 2_000

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: the database answers and the
 * server is not shutting down), for load balancers and orchestrators.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: Database,
  isShuttingDown: () => boolean,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  )
  const Ready = z.object({
    status: z.enum(['ready', 'unavailable']),
    database: z.enum(['pglite', 'postgres']),
  })
  typed.get(
    '/readyz',
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: Ready, 503: Ready } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (isShuttingDown()) {
        return reply.status(503).send({ status: 'unavailable', database: database.engine })
      }
      try {
        await database.ping(READY_TIMEOUT_MS)
        return { status: 'ready' as const, database: database.engine }
      } catch (error) {
        // Probes come every few seconds while the database is away: one line each, no stack.
        const { code, message } = error as { code?: unknown; message?: unknown }
        request.log.warn({ err: { code, message } }, 'database not ready')
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable', database: database.engine })
      }
    },
  )
}
