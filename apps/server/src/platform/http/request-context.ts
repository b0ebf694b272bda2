import type { FastifyInstance } from 'fastify'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../db/client.ts'
import { readCookie } from './cookie-policy.ts'
import { resolveRequestLocale } from './locale.ts'

/** What every service call receives first: who asks, in which language, and the database. */
export interface RequestContext {
  readonly db: Db
  readonly locale: Locale
  readonly requestId: string
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext
  }
}

export function registerRequestContext(app: FastifyInstance, db: Db): void {
  app.decorateRequest('ctx', null as unknown as RequestContext)
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      db,
      locale: resolveRequestLocale(
        (request.url.startsWith('/admin/') ? readCookie(request, 'adminLocale') : undefined) ??
          readCookie(request, 'locale'),
        request.headers['accept-language'],
      ),
      requestId: request.id,
    }
  })
}
