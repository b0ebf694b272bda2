import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  GdprAnonymizedSchema,
  GdprAnonymizeSchema,
  GdprCustomerIdQuerySchema,
  GdprDataProvidersSchema,
  GdprIdQuerySchema,
  GdprPersonSummarySchema,
  GdprSearchPageSchema,
  GdprSearchQuerySchema,
  GdprUserIdQuerySchema,
  type GdprProvider,
} from '@optika/domain/operations/gdpr'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { anonymizeCustomer } from './anonymize-customer.ts'
import {
  exportAdminUser,
  exportAsset,
  exportDataObject,
  exportSentMail,
  type JsonDownload,
} from './export-records.ts'
import { exportCustomer, summarizeCustomer } from './export-customer.ts'
import { searchPeople } from './search-people.ts'

export interface GdprRouteDeps {
  readonly translator: Translator
}

const PROVIDERS: readonly { name: GdprProvider; searchUrl: string; exportUrl: string }[] = [
  {
    name: 'customers',
    searchUrl: '/admin/gdpr/customer/search',
    exportUrl: '/admin/gdpr/customer/export',
  },
  {
    name: 'dataObjects',
    searchUrl: '/admin/gdpr/data-object/search-data-objects',
    exportUrl: '/admin/gdpr/data-object/export',
  },
  {
    name: 'assets',
    searchUrl: '/admin/gdpr/asset/search-assets',
    exportUrl: '/admin/gdpr/asset/export',
  },
  {
    name: 'adminUsers',
    searchUrl: '/admin/gdpr/pimcore-users/search-users',
    exportUrl: '/admin/gdpr/pimcore-users/export-user-data',
  },
  {
    name: 'sentMails',
    searchUrl: '/admin/gdpr/sent-mail/search-sent-mails',
    exportUrl: '/admin/gdpr/sent-mail/export',
  },
]

function sendDownload(reply: FastifyReply, download: JsonDownload, type = 'application/json') {
  return reply
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-type', `${type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .send(Readable.from(download.chunks))
}

/**
 * The GDPR data extractor (Pimcore's `/admin/gdpr/*`, key `gdpr`): the seed's providers and
 * exports, plus the storefront customers' provider (search, summary, JSON/PDF export and
 * anonymize — decision 064).
 */
export function registerGdprRoutes(app: FastifyInstance, deps: GdprRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin gdpr']
  const preValidation = [requirePermission('gdpr')]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  r.get(
    '/admin/gdpr/get-data-providers',
    { preValidation, schema: { tags, response: { 200: GdprDataProvidersSchema } } },
    async () => ({ success: true as const, data: [...PROVIDERS] }),
  )

  const search = (path: string, provider: GdprProvider) =>
    r.get(
      path,
      {
        preValidation,
        schema: {
          tags,
          querystring: GdprSearchQuerySchema,
          response: { 200: GdprSearchPageSchema },
        },
      },
      async (request, reply) => {
        noStore(reply)
        return searchPeople(ctxOf(request), provider, request.query)
      },
    )
  search('/admin/gdpr/customer/search', 'customers')
  search('/admin/gdpr/data-object/search-data-objects', 'dataObjects')
  search('/admin/gdpr/asset/search-assets', 'assets')
  search('/admin/gdpr/pimcore-users/search-users', 'adminUsers')
  search('/admin/gdpr/sent-mail/search-sent-mails', 'sentMails')

  const exportCall = (
    path: string,
    exporter: (ctx: ReturnType<typeof ctxOf>, id: number) => Promise<JsonDownload>,
    querystring: typeof GdprIdQuerySchema = GdprIdQuerySchema,
  ) =>
    r.get(path, { preValidation, schema: { tags, querystring } }, async (request, reply) =>
      sendDownload(reply, await exporter(ctxOf(request), request.query.id)),
    )
  exportCall('/admin/gdpr/data-object/export', exportDataObject)
  exportCall('/admin/gdpr/asset/export', exportAsset)
  // Back-office users have integer ids: one beyond that range is a 400, not a failed query.
  exportCall('/admin/gdpr/pimcore-users/export-user-data', exportAdminUser, GdprUserIdQuerySchema)
  exportCall('/admin/gdpr/sent-mail/export', exportSentMail)

  r.get(
    '/admin/gdpr/customer/summary',
    {
      preValidation,
      schema: {
        tags,
        querystring: GdprUserIdQuerySchema,
        response: { 200: GdprPersonSummarySchema },
      },
    },
    async (request, reply) => {
      noStore(reply)
      return summarizeCustomer(ctxOf(request), request.query.id)
    },
  )
  r.get(
    '/admin/gdpr/customer/export',
    { preValidation, schema: { tags, querystring: GdprCustomerIdQuerySchema } },
    async (request, reply) => {
      const download = await exportCustomer(ctxOf(request), request.query.id, request.query.format)
      if (download.format === 'pdf') {
        return reply
          .header('cache-control', 'no-store')
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${download.fileName}"`)
          .send(download.body)
      }
      return sendDownload(reply, download)
    },
  )
  r.post(
    '/admin/gdpr/customer/anonymize',
    {
      preValidation,
      schema: { tags, body: GdprAnonymizeSchema, response: { 200: GdprAnonymizedSchema } },
    },
    async (request) => anonymizeCustomer(ctxOf(request), request.body),
  )
}
