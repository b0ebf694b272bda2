import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { BigIdParamsSchema } from '@optika/domain/ids'
import {
  AppLogComponentsSchema,
  AppLogEntrySchema,
  AppLogFileObjectQuerySchema,
  AppLogListQuerySchema,
  AppLogPageSchema,
  AppLogPrioritiesSchema,
} from '@optika/domain/operations/application-log'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import {
  appLogComponents,
  appLogFileObject,
  appLogPriorities,
  listAppLog,
  showAppLogEntry,
} from './application-log-service.ts'

export interface ApplicationLogRouteDeps {
  readonly translator: Translator
}

const BASE = '/admin/bundle/applicationlogger/log'

/**
 * The application log's viewer (issue 20, Pimcore's ApplicationLoggerBundle `LogController`):
 * the list with filters (`show`, GET and POST as Pimcore's grid store sends either), one entry,
 * the priorities and components for the filters, and an entry's file object as plain text.
 * Reading only: nothing here writes, so nothing is audited.
 */
export function registerApplicationLogRoutes(
  app: FastifyInstance,
  deps: ApplicationLogRouteDeps,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin application log']
  const preValidation = [requirePermission('applicationLogging')]
  const dbOf = (request: FastifyRequest) => request.ctx.db
  r.get(
    `${BASE}/show`,
    {
      preValidation,
      schema: { tags, querystring: AppLogListQuerySchema, response: { 200: AppLogPageSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return listAppLog(dbOf(request), request.query)
    },
  )
  r.post(
    `${BASE}/show`,
    {
      preValidation,
      schema: {
        tags,
        body: AppLogListQuerySchema.nullish(),
        response: { 200: AppLogPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return listAppLog(dbOf(request), request.body ?? AppLogListQuerySchema.parse({}))
    },
  )
  r.get(
    `${BASE}/show/:id`,
    {
      preValidation,
      schema: { tags, params: BigIdParamsSchema, response: { 200: AppLogEntrySchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return showAppLogEntry(dbOf(request), request.params.id)
    },
  )
  r.get(
    `${BASE}/priority-json`,
    { preValidation, schema: { tags, response: { 200: AppLogPrioritiesSchema } } },
    async (request) => appLogPriorities((key) => deps.translator.t(request.ctx.locale, key)),
  )
  r.get(
    `${BASE}/component-json`,
    { preValidation, schema: { tags, response: { 200: AppLogComponentsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return appLogComponents(dbOf(request))
    },
  )
  r.get(
    `${BASE}/show-file-object`,
    { preValidation, schema: { tags, querystring: AppLogFileObjectQuerySchema } },
    async (request, reply) => {
      const text = await appLogFileObject(dbOf(request), request.query.id)
      reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .type('text/plain; charset=utf-8')
      if (request.query.download) {
        reply.header(
          'content-disposition',
          `attachment; filename="application-log-${String(request.query.id)}.txt"`,
        )
      }
      return reply.send(text)
    },
  )
}
