import { and, eq, getTableColumns, is, sql, type SQL } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { emailBlocklist } from '../db/schema/email-log.ts'
import { writeAppLog } from '../app-log/write-app-log.ts'
import { emailLog } from '../db/schema/identity.ts'
import type { Env } from '../env.ts'
import type { JobQueue, QueuedJob } from '../jobs/job-queue.ts'

/** One outgoing message. Bodies may carry single-use links, so they are stored but never logged. */
export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
  /** The e-mail log entry this message re-sends (the back office's "resend"). */
  readonly resentFromId?: number
}

/** The little of a pino logger the mailer needs (a request's `log`, or the app's). */
export interface MailLogger {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

/** Who sends: a request id for the log line, a logger (none in scripts), and maybe a transaction. */
export interface MailContext {
  readonly requestId?: string
  readonly log?: MailLogger
  /**
   * The caller's transaction: the mail is queued in it, so it is sent only if the transaction
   * commits (an order and its confirmation commit together).
   */
  readonly db?: Db
}

export interface Mailer {
  /**
   * Records the message in email_log as 'queued' and queues its sending, then returns: a worker
   * (in any process) sends it by SMTP and marks it 'sent', retrying with backoff, or marks it
   * 'failed' with the error after the last try; with MAIL_TRANSPORT=log it marks it 'logged'.
   * An address on the blocklist is not sent to: the row is recorded as 'blocked', nothing queued.
   */
  send(
    ctx: MailContext,
    message: MailMessage,
  ): Promise<{ status: 'queued' | 'blocked'; id: number }>
}

export interface MailerOptions {
  /** Where the delivery worker reports sending and failures. */
  readonly log?: MailLogger
  /** Retries after a failed send (default 10: about an hour and a half of backoff). */
  readonly retries?: number
  /** The first retry's delay; each further one doubles (default 5 s, at most 30 minutes). */
  readonly retryDelaySeconds?: number
}

/** The queue the mails wait in. */
export const MAIL_JOB = 'mail.send'

/** Whether the trimmed `address` is on the blocklist (compared in lower case, as it is stored). */
function onBlocklist(address: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${emailBlocklist}
    where ${emailBlocklist.address} = lower(${address}))`
}

/** Whether an address is on the blocklist. */
export async function isAddressBlocked(db: Db, address: string): Promise<boolean> {
  const { rows } = await db.execute<{ blocked: boolean }>(
    sql`select ${onBlocklist(sql`${address.trim()}`)} as blocked`,
  )
  return rows[0]?.blocked === true
}

/** SMTP conversations that hang are cut short, so a slow server cannot hold a worker for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

function smtpTransportUrl(url: string): string {
  const parsed = new URL(url)
  for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(value))
  }
  return parsed.toString()
}

/** What MAIL_TRANSPORT names: an SMTP URL, or null for 'log'; anything else stops the server. */
function smtpUrlOf(transport: string): string | null {
  const smtpUrl = /^smtps?:\/\//.test(transport) ? transport : null
  if (!smtpUrl && transport !== 'log') {
    throw new Error(`MAIL_TRANSPORT must be 'log' or an smtp:// or smtps:// URL`)
  }
  return smtpUrl
}

/** The SMTP transport of a URL (checked by `smtpTransportUrl`); nodemailer loads with it. */
async function createSmtpTransport(url: string) {
  const { default: nodemailer } = await import('nodemailer')
  return nodemailer.createTransport(url)
}

/** The transport's kind for the log and email_log: an SMTP URL may hold a password. */
function transportNameOf(smtpUrl: string | null): string {
  return smtpUrl ? (smtpUrl.startsWith('smtps:') ? 'smtps' : 'smtp') : 'log'
}

/**
 * A mail the blocklist stopped, in the application log (a notice: the shop meant to send it).
 * The address stays in the e-mail log only: the entry names the mail by its id.
 */
async function logBlockedMail(
  db: Db,
  emailLogId: number,
  subject: string,
  log: MailerOptions['log'],
): Promise<void> {
  await writeAppLog(
    db,
    {
      priority: 'notice',
      component: 'mail',
      message: `Mail #${String(emailLogId)} not sent: the recipient is on the blocklist`,
      context: { emailLogId, subject },
      source: 'create-mailer',
    },
    log,
  )
}

/**
 * Registers the worker that delivers queued mail (in every process): with an smtp:// or smtps://
 * MAIL_TRANSPORT it sends through nodemailer and marks the row 'sent', retrying a failure with
 * exponential backoff and marking it 'failed' with the error after the last retry; with
 * MAIL_TRANSPORT=log (the default) it marks the row 'logged', which the back office shows.
 */
export function defineMailDelivery(
  jobs: JobQueue,
  db: Db,
  env: Pick<Env, 'MAIL_TRANSPORT'>,
  options: MailerOptions = {},
): void {
  const smtpUrl = smtpUrlOf(env.MAIL_TRANSPORT)
  // The URL is checked now (a malformed one stops the server); the transport, and nodemailer
  // with it, is made by the first mail sent: the server starts without it (decision 071).
  const transportUrl = smtpUrl ? smtpTransportUrl(smtpUrl) : null
  let transporter: ReturnType<typeof createSmtpTransport> | null = null
  const transportName = transportNameOf(smtpUrl)
  const log = options.log

  async function deliver(job: QueuedJob<{ emailLogId: number }>): Promise<void> {
    const id = job.data.emailLogId
    // The mail, and whether its address was blocked after it was queued (then it is never sent).
    const [row] = await db
      .select({
        ...getTableColumns(emailLog),
        blocked: onBlocklist(sql`btrim(${emailLog.to})`),
      })
      .from(emailLog)
      .where(eq(emailLog.id, id))
    // Sent, logged or given up already (a retry after the final write): nothing to do.
    if (!row || row.status !== 'queued') return
    const line = { emailLogId: id, to: row.to, subject: row.subject, transport: transportName }
    const stillQueued = and(eq(emailLog.id, id), eq(emailLog.status, 'queued'))
    if (row.blocked) {
      await db.update(emailLog).set({ status: 'blocked' }).where(stillQueued)
      log?.info(line, 'mail not sent; address blocked')
      await logBlockedMail(db, id, row.subject, log)
      return
    }
    if (transportUrl === null) {
      await db.update(emailLog).set({ status: 'logged' }).where(stillQueued)
      log?.info(line, 'mail logged')
      return
    }
    try {
      transporter ??= createSmtpTransport(transportUrl)
      const transport = await transporter
      await transport.sendMail({
        from: row.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html === null ? {} : { html: row.html }),
      })
    } catch (cause) {
      const error = cause instanceof Error ? cause.message : String(cause)
      // The last failure is the dead letter: 'failed' with its error, in the back office's log.
      await db
        .update(emailLog)
        .set(job.lastAttempt ? { status: 'failed', error } : { error })
        .where(stillQueued)
      log?.error(
        { ...line, attempt: job.attempt, error },
        job.lastAttempt ? 'mail not sent; given up' : 'mail not sent; will retry',
      )
      if (!job.lastAttempt) throw cause
      await writeAppLog(
        db,
        {
          priority: 'error',
          component: 'mail',
          message: `Mail #${String(id)} could not be sent after ${String(job.attempt + 1)} attempts: ${error}`,
          context: { emailLogId: id, subject: row.subject, transport: transportName },
          source: 'create-mailer',
        },
        log,
      )
    }
    await db.update(emailLog).set({ status: 'sent', error: null }).where(stillQueued)
    log?.info({ ...line, attempt: job.attempt }, 'mail sent')
  }

  jobs.define<{ emailLogId: number }>({
    name: MAIL_JOB,
    retries: options.retries ?? 10,
    retryDelaySeconds: options.retryDelaySeconds ?? 5,
    retryDelayMaxSeconds: 30 * 60,
    expireInSeconds: 2 * 60,
    concurrency: 2,
    run: deliver,
    // The process sending it died on the last try.
    async onDead({ emailLogId }, error) {
      await db
        .update(emailLog)
        .set({ status: 'failed', error })
        .where(and(eq(emailLog.id, emailLogId), eq(emailLog.status, 'queued')))
    },
  })
}

/**
 * The shop's mailer: `send` records the message in email_log and queues it for the delivery
 * worker (`defineMailDelivery`), so a slow or failing SMTP server never slows a request and a
 * failed send is retried instead of lost (decision 022).
 */
export function createMailer(
  env: Pick<Env, 'MAIL_TRANSPORT' | 'PUBLIC_URL'>,
  db: Db,
  jobs: JobQueue,
  /**
   * The `From:` of each mail (the system settings' mail sender), read through the caller's
   * database or transaction; by default Optika's no-reply.
   */
  sender?: (db: Db) => Promise<string>,
): Mailer {
  const defaultFrom = `Optika <no-reply@${new URL(env.PUBLIC_URL).hostname}>`
  const transportName = transportNameOf(smtpUrlOf(env.MAIL_TRANSPORT))
  return {
    async send(ctx, message) {
      const from = sender ? await sender(ctx.db ?? db) : defaultFrom
      const queue = async (tx: Db) => {
        const blocked = await isAddressBlocked(tx, message.to)
        const status = blocked ? ('blocked' as const) : ('queued' as const)
        const [row] = await tx
          .insert(emailLog)
          .values({
            to: message.to,
            from,
            subject: message.subject,
            text: message.text,
            html: message.html ?? null,
            transport: transportName,
            status,
            resentFromId: message.resentFromId ?? null,
          })
          .returning({ id: emailLog.id })
        if (blocked) await logBlockedMail(tx, row!.id, message.subject, ctx.log)
        else await jobs.send(MAIL_JOB, { emailLogId: row!.id }, { db: tx })
        return { id: row!.id, status }
      }
      // In the caller's transaction when there is one (it makes the writes one; a savepoint would
      // only add two round trips, and a failure aborts the caller's transaction either way), else
      // in one of its own.
      const { id, status } =
        ctx.db && is(ctx.db, PgTransaction)
          ? await queue(ctx.db)
          : await (ctx.db ?? db).transaction(queue)
      ctx.log?.info(
        {
          emailLogId: id,
          to: message.to,
          subject: message.subject,
          transport: transportName,
          status,
          requestId: ctx.requestId,
        },
        status === 'blocked' ? 'mail not sent; address blocked' : 'mail queued',
      )
      return { status, id }
    },
  }
}
