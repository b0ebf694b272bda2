import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client.ts'

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
        await database.ping()
        return { status: 'ready' as const, database: database.engine }
      } catch (error) {
        request.log.error({ err: error }, 'database not ready')
        return reply.status(503).send({ status: 'unavailable', database: database.engine })
      }
    },
  )
}
