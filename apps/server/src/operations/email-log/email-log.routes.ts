import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BigIdParamsSchema } from '@optika/domain/ids'
import { SendTestEmailSchema, SentTestEmailSchema } from '@optika/domain/cms/email-api'
import {
  BlocklistAnswerSchema,
  BlocklistRequestSchema,
  EmailLogEntrySchema,
  EmailLogIdSchema,
  EmailLogListQuerySchema,
  EmailLogPageSchema,
  ResentEmailSchema,
  SendTestMailSchema,
  SentTestMailSchema,
  ShowEmailLogQuerySchema,
} from '@optika/domain/operations/email-log'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { sendTestEmail as sendDocumentTestEmail } from '../../cms/mails/email-preview.ts'
import {
  deleteEmailLog,
  listEmailLogs,
  manageBlocklist,
  resendEmail,
  sendTestMail,
  showEmailLog,
  type EmailLogDeps,
} from './email-log-service.ts'

export interface EmailLogRouteDeps extends EmailLogDeps {
  readonly translator: Translator
}

/**
 * The document editor's test mail (decision 038) posts `{ id, to, … }` without an `emailType`:
 * it stays the documents key's call; the e-mail log's own test mail needs `emails`.
 */
function isDocumentEditorTestMail(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'id' in body && !('emailType' in body)
}

async function requireTestMailPermission(request: FastifyRequest): Promise<void> {
  const key = isDocumentEditorTestMail(request.body) ? 'documents' : 'emails'
  await requirePermission(key)(request)
}

/** The body of a logged mail alone, for Pimcore's iframe: sandboxed, so no script ever runs. */
function sendBody(reply: FastifyReply, type: 'text/html' | 'text/plain', body: string) {
  return reply
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "sandbox; default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'",
    )
    .header('x-content-type-options', 'nosniff')
    .type(`${type}; charset=utf-8`)
    .send(body)
}

/**
 * The back office's e-mail log (seed: "email log (7)", Pimcore's `/admin/email/*`): the list with
 * search and filters, one mail as sent (secrets masked without `emailSecrets`), delete, resend,
 * a test mail to any address, and the blocklist the mailer honours.
 */
export function registerEmailLogRoutes(app: FastifyInstance, deps: EmailLogRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin email log']
  const preValidation = [requirePermission('emails')]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const list = {
    preValidation,
    schema: {
      tags,
      querystring: EmailLogListQuerySchema,
      response: { 200: EmailLogPageSchema },
    },
  }
  r.get('/admin/email/email-logs', list, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return listEmailLogs(ctxOf(request), request.query)
  })
  r.post(
    '/admin/email/email-logs',
    {
      preValidation,
      schema: { tags, body: EmailLogListQuerySchema.nullish(), response: list.schema.response },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return listEmailLogs(ctxOf(request), request.body ?? EmailLogListQuerySchema.parse({}))
    },
  )
  r.get(
    '/admin/email/show-email-log',
    {
      preValidation,
      schema: {
        tags,
        querystring: ShowEmailLogQuerySchema,
        response: { 200: z.union([EmailLogEntrySchema, z.string(), z.array(z.unknown())]) },
      },
    },
    async (request, reply) => {
      const entry = await showEmailLog(ctxOf(request), request.query.id)
      switch (request.query.type) {
        case 'html':
          return sendBody(reply, 'text/html', entry.html ?? '')
        case 'text':
          return sendBody(reply, 'text/plain', entry.text)
        case 'params':
          // Our mails keep no separate parameters: the rendered body is the record.
          reply.header('cache-control', 'no-store')
          return []
        case 'details':
          reply.header('cache-control', 'no-store')
          return entry
      }
    },
  )
  r.get(
    '/admin/email/show-email-log/:id',
    {
      preValidation,
      schema: { tags, params: BigIdParamsSchema, response: { 200: EmailLogEntrySchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return showEmailLog(ctxOf(request), request.params.id)
    },
  )
  r.delete(
    '/admin/email/delete-email-log',
    {
      preValidation,
      schema: {
        tags,
        querystring: EmailLogIdSchema.partial(),
        body: EmailLogIdSchema.partial().nullish(),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const id = request.query.id ?? request.body?.id
      if (id === undefined) throw new AppError(400, 'ID_REQUIRED', 'emailLog.error.idRequired')
      return deleteEmailLog(ctxOf(request), id)
    },
  )
  r.post(
    '/admin/email/resend-email',
    {
      preValidation,
      schema: { tags, body: EmailLogIdSchema, response: { 200: ResentEmailSchema } },
    },
    async (request) => resendEmail(ctxOf(request), deps, request.body.id),
  )
  r.post(
    '/admin/email/send-test-email',
    {
      preValidation: [requireTestMailPermission],
      schema: {
        tags,
        body: z.union([SendTestMailSchema, SendTestEmailSchema]),
        response: { 200: z.union([SentTestMailSchema, SentTestEmailSchema]) },
      },
    },
    async (request) => {
      const body = request.body
      return 'emailType' in body
        ? sendTestMail(ctxOf(request), deps, body)
        : sendDocumentTestEmail(ctxOf(request), deps, body)
    },
  )
  r.post(
    '/admin/email/blocklist',
    {
      preValidation,
      schema: {
        tags,
        body: BlocklistRequestSchema.nullish(),
        response: { 200: BlocklistAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return manageBlocklist(ctxOf(request), request.body ?? BlocklistRequestSchema.parse({}))
    },
  )
}
