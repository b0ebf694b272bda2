import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BigIdParamsSchema } from '@optika/domain/ids'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'

const EmailLogItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
})

const EmailLogEntrySchema = EmailLogItemSchema.extend({
  from: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  transport: z.string(),
  error: z.string().nullable(),
})

/**
 * The back office's e-mail log (seed: "email logs (GET/POST, show, …)"): what the shop sent or,
 * with MAIL_TRANSPORT=log, only recorded. Newest first, optionally for one recipient. Delete,
 * resend, test mail and the blocklist are not built yet.
 */
export function registerEmailLogRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin email log']
  const preValidation = [requirePermission('emails')]
  r.get(
    '/admin/email/email-logs',
    {
      preValidation,
      schema: {
        tags,
        querystring: z.object({
          to: z.string().trim().max(320).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          start: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
        response: { 200: z.object({ items: z.array(EmailLogItemSchema), total: z.number() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { to, limit, start } = request.query
      const where = to ? sql`lower(${emailLog.to}) = ${to.toLowerCase()}` : undefined
      const db = request.ctx.db
      const rows = await db
        .select()
        .from(emailLog)
        .where(where)
        .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
        .limit(limit)
        .offset(start)
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(emailLog)
        .where(where)
      return {
        items: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
        total: count?.total ?? 0,
      }
    },
  )
  r.get(
    '/admin/email/show-email-log/:id',
    {
      preValidation,
      schema: {
        tags,
        params: BigIdParamsSchema,
        response: { 200: EmailLogEntrySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const [row] = await request.ctx.db
        .select()
        .from(emailLog)
        .where(eq(emailLog.id, request.params.id))
      if (!row) throw new AppError(404, 'NOT_FOUND', 'server.notFound')
      return {
        id: row.id,
        to: row.to,
        from: row.from,
        subject: row.subject,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        text: row.text,
        html: row.html,
        transport: row.transport,
        error: row.error,
      }
    },
  )
}
