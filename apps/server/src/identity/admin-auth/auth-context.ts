import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { RequestContext } from '../../platform/http/request-context.ts'

/** The request context plus what sign-in needs: the client's address, agent and a logger. */
export interface AuthContext extends RequestContext {
  readonly ip: string
  readonly userAgent: string | null
  readonly log: FastifyBaseLogger
}

export function authContextOf(request: FastifyRequest): AuthContext {
  return {
    ...request.ctx,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    log: request.log,
  }
}
