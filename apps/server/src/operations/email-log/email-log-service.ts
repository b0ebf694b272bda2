import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type {
  BlocklistAnswer,
  BlocklistEntry,
  EmailLogEntry,
  EmailLogItem,
  EmailLogPage,
  EmailLogListQuerySchema,
} from '@optika/domain/operations/email-log'
import {
  BlocklistInputSchema,
  type BlocklistRequestSchema,
  type SendTestMailSchema,
} from '@optika/domain/operations/email-log'
import type { z } from 'zod'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import { isMailKind } from '@optika/domain/cms/mail-kinds'
import { emailBlocklist } from '../../platform/db/schema/email-log.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { sanitizeWysiwyg } from '../../pim/classes/validate-object.ts'
import { languageOf, loadDocumentWithRight } from '../../cms/documents/read-document-tree.ts'
import type { MailSampleRegistry } from '../../cms/mails/mail-samples.ts'
import { mailHtmlToText, renderEmailDocument } from '../../cms/mails/render-email-document.ts'
import { emailBodyOf, emailSettingsOf } from '../../cms/mails/send-document-mail.ts'
import { maskEmailSecrets } from './mask-email-secrets.ts'

export interface EmailLogDeps {
  readonly mailer: Mailer
  readonly mailSamples: MailSampleRegistry
}

type ListQuery = z.output<typeof EmailLogListQuerySchema>
type EmailLogRow = typeof emailLog.$inferSelect

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

const DAY_MS = 24 * 60 * 60 * 1000

function conditionsOf(query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (query.to) conditions.push(sql`lower(${emailLog.to}) = ${query.to.toLowerCase()}`)
  const text = query.q ?? query.filter
  if (text) {
    const pattern = containsPattern(text)
    conditions.push(or(ilike(emailLog.to, pattern), ilike(emailLog.subject, pattern)))
  }
  if (query.subject) conditions.push(ilike(emailLog.subject, containsPattern(query.subject)))
  if (query.status) conditions.push(eq(emailLog.status, query.status))
  if (query.from) conditions.push(gte(emailLog.createdAt, query.from))
  if (query.until) {
    // A bare date means its whole day.
    const isMidnight = query.until.getTime() % DAY_MS === 0
    conditions.push(
      lt(emailLog.createdAt, new Date(query.until.getTime() + (isMidnight ? DAY_MS : 1))),
    )
  }
  const present = conditions.filter((c): c is SQL => c !== undefined)
  return present.length ? and(...present) : undefined
}

function itemOf(row: EmailLogRow): EmailLogItem {
  return {
    id: row.id,
    to: row.to,
    from: row.from,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    error: row.error,
    resentFromId: row.resentFromId,
  }
}

async function auditEmail(
  ctx: AdminContext,
  db: Db,
  change: {
    action: string
    entityType: string
    entityId: number
    before?: unknown
    after?: unknown
  },
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name },
    ...change,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}

/** The log, newest first, searched and filtered (recipient, subject, status, dates), paged. */
export async function listEmailLogs(ctx: AdminContext, query: ListQuery): Promise<EmailLogPage> {
  const where = conditionsOf(query)
  const rows = await ctx.db
    .select()
    .from(emailLog)
    .where(where)
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(query.limit)
    .offset(query.start)
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(emailLog)
    .where(where)
  return { items: rows.map(itemOf), total: count?.total ?? 0 }
}

async function loadEntry(db: Db, id: number): Promise<EmailLogRow> {
  const [row] = await db.select().from(emailLog).where(eq(emailLog.id, id))
  if (!row) throw new AppError(404, 'NOT_FOUND', 'emailLog.error.notFound')
  return row
}

/**
 * One mail as it was sent. Without `emailSecrets` the tokens of single-use links and one-time
 * codes are masked, in the HTML and the text alike.
 */
export async function showEmailLog(ctx: AdminContext, id: number): Promise<EmailLogEntry> {
  const row = await loadEntry(ctx.db, id)
  const mayReadSecrets = ctx.admin.permissions.has('emailSecrets')
  const mask = (body: string) => (mayReadSecrets ? body : maskEmailSecrets(body))
  const text = mask(row.text)
  const html = row.html === null ? null : mask(row.html)
  return {
    ...itemOf(row),
    text,
    html,
    transport: row.transport,
    masked: !mayReadSecrets && (text !== row.text || html !== row.html),
  }
}

/** Deletes one entry of the log (audited with its envelope, not its body). */
export async function deleteEmailLog(ctx: AdminContext, id: number): Promise<{ success: true }> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadEntry(tx, id)
    await tx.delete(emailLog).where(eq(emailLog.id, id))
    await auditEmail(ctx, tx, {
      action: 'emailLog.delete',
      entityType: 'emailLog',
      entityId: id,
      before: { to: row.to, subject: row.subject, status: row.status },
    })
    return { success: true as const }
  })
}

/**
 * Sends a logged mail again, exactly as it was, to its recipient: a new entry of the log that
 * names the old one (the blocklist still applies). Audited.
 */
export async function resendEmail(
  ctx: AdminContext,
  deps: EmailLogDeps,
  id: number,
): Promise<{ success: true; emailLogId: number; status: 'queued' | 'blocked' }> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadEntry(tx, id)
    const sent = await deps.mailer.send(
      { db: tx, requestId: ctx.requestId },
      {
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html === null ? {} : { html: row.html }),
        resentFromId: row.id,
      },
    )
    await auditEmail(ctx, tx, {
      action: 'emailLog.resend',
      entityType: 'emailLog',
      entityId: id,
      after: { to: row.to, emailLogId: sent.id, status: sent.status },
    })
    return { success: true as const, emailLogId: sent.id, status: sent.status }
  })
}

async function renderTestMail(
  ctx: AdminContext,
  deps: EmailLogDeps,
  input: z.output<typeof SendTestMailSchema>,
): Promise<{ subject: string; text: string; html?: string }> {
  switch (input.emailType) {
    case 'text':
      return { subject: input.subject, text: input.content }
    case 'html': {
      const html = sanitizeWysiwyg(input.content)
      return { subject: input.subject, text: mailHtmlToText(html), html }
    }
    case 'document': {
      const { row } = await loadDocumentWithRight(ctx, input.documentId, 'view')
      if (row.type !== 'email') throw new AppError(400, 'NOT_AN_EMAIL', 'emailLog.error.notEmail')
      const settings = emailSettingsOf(row.settings)
      const locale = (await languageOf(ctx.db, row)) ?? DEFAULT_LOCALE
      const sample = isMailKind(settings.mailKind)
        ? (await deps.mailSamples.sampleFor(settings.mailKind, { db: ctx.db, locale })).values
        : {}
      const given = Object.fromEntries(
        Object.entries(input.parameters).filter(([, value]) => value.trim() !== ''),
      )
      const rendered = renderEmailDocument(
        { subject: settings.subject, bodyHtml: emailBodyOf(row.editables) },
        { ...sample, ...given },
      )
      return { subject: rendered.subject, text: rendered.text, html: rendered.html }
    }
  }
}

/**
 * Mails a test to any address (Pimcore's "send test e-mail"): free text, sanitized HTML, or an
 * e-mail document with the placeholders' values given. Logged like any mail, and audited.
 */
export async function sendTestMail(
  ctx: AdminContext,
  deps: EmailLogDeps,
  input: z.output<typeof SendTestMailSchema>,
): Promise<{ success: true; emailLogId: number; status: 'queued' | 'blocked' }> {
  const message = await renderTestMail(ctx, deps, input)
  return ctx.db.transaction(async (tx) => {
    const sent = await deps.mailer.send(
      { db: tx, requestId: ctx.requestId },
      { to: input.to, ...message },
    )
    await auditEmail(ctx, tx, {
      action: 'emailLog.sendTest',
      entityType: 'emailLog',
      entityId: sent.id,
      after: {
        to: input.to,
        emailType: input.emailType,
        ...(input.emailType === 'document' ? { documentId: input.documentId } : {}),
        status: sent.status,
      },
    })
    return { success: true as const, emailLogId: sent.id, status: sent.status }
  })
}

// ── Blocklist ───────────────────────────────────────────────────────────────────────────────

function entryOf(row: typeof emailBlocklist.$inferSelect): BlocklistEntry {
  return {
    id: row.id,
    address: row.address,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Pimcore sends `data` as a JSON string of one record or a list; our screen as an object. */
function recordsOf(data: unknown): Record<string, unknown>[] {
  let value = data
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      throw invalidBlocklist()
    }
  }
  const list = Array.isArray(value) ? (value as unknown[]) : [value]
  if (list.length === 0 || list.length > 500) throw invalidBlocklist()
  return list.map((item) => {
    if (typeof item !== 'object' || item === null) throw invalidBlocklist()
    return item as Record<string, unknown>
  })
}

function invalidBlocklist(): AppError {
  return new AppError(400, 'INVALID_BLOCKLIST_ENTRY', 'emailLog.error.blocklistInvalid')
}

function idOf(record: Record<string, unknown>): number {
  const id = Number(record['id'])
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidBlocklist()
  return id
}

async function readBlocklist(
  db: Db,
  filter: string | undefined,
  limit: number,
  start: number,
): Promise<BlocklistAnswer> {
  const where = filter ? ilike(emailBlocklist.address, containsPattern(filter)) : undefined
  const rows = await db
    .select()
    .from(emailBlocklist)
    .where(where)
    .orderBy(emailBlocklist.address)
    .limit(limit)
    .offset(start)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(emailBlocklist)
    .where(where)
  return { success: true, data: rows.map(entryOf), total: count?.total ?? 0 }
}

/**
 * The blocklist in one call (Pimcore's read/create/update/destroy): writes are one transaction
 * — every record valid, or nothing changes — and audited. Addresses are kept in lower case.
 */
export async function manageBlocklist(
  ctx: AdminContext,
  request: z.output<typeof BlocklistRequestSchema>,
): Promise<BlocklistAnswer> {
  if (request.xaction === 'read') {
    return readBlocklist(ctx.db, request.filter, request.limit, request.start)
  }
  const records = recordsOf(request.data)
  const changed = await ctx.db.transaction(async (tx) => {
    const rows: BlocklistEntry[] = []
    for (const record of records) {
      if (request.xaction === 'destroy') {
        const id = idOf(record)
        const [row] = await tx.delete(emailBlocklist).where(eq(emailBlocklist.id, id)).returning()
        if (!row) throw new AppError(404, 'NOT_FOUND', 'emailLog.error.blocklistNotFound')
        await auditEmail(ctx, tx, {
          action: 'emailBlocklist.delete',
          entityType: 'emailBlocklist',
          entityId: id,
          before: { address: row.address },
        })
        continue
      }
      const parsed = BlocklistInputSchema.safeParse(record)
      if (!parsed.success) throw invalidBlocklist()
      const values = { address: parsed.data.address, reason: parsed.data.reason ?? null }
      const [clash] = await tx
        .select({ id: emailBlocklist.id })
        .from(emailBlocklist)
        .where(eq(emailBlocklist.address, values.address))
      if (request.xaction === 'create') {
        if (clash) throw new AppError(409, 'ALREADY_BLOCKED', 'emailLog.error.alreadyBlocked')
        const [row] = await tx.insert(emailBlocklist).values(values).returning()
        await auditEmail(ctx, tx, {
          action: 'emailBlocklist.create',
          entityType: 'emailBlocklist',
          entityId: row!.id,
          after: values,
        })
        rows.push(entryOf(row!))
      } else {
        const id = idOf(record)
        if (clash && clash.id !== id) {
          throw new AppError(409, 'ALREADY_BLOCKED', 'emailLog.error.alreadyBlocked')
        }
        const [before] = await tx.select().from(emailBlocklist).where(eq(emailBlocklist.id, id))
        if (!before) throw new AppError(404, 'NOT_FOUND', 'emailLog.error.blocklistNotFound')
        const [row] = await tx
          .update(emailBlocklist)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(emailBlocklist.id, id))
          .returning()
        await auditEmail(ctx, tx, {
          action: 'emailBlocklist.update',
          entityType: 'emailBlocklist',
          entityId: id,
          before: { address: before.address, reason: before.reason },
          after: values,
        })
        rows.push(entryOf(row!))
      }
    }
    return rows
  })
  return { success: true, data: changed, total: changed.length }
}
