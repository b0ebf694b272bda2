import nodemailer from 'nodemailer'
import type { Db } from '../db/client.ts'
import { emailLog } from '../db/schema/identity.ts'
import type { Env } from '../env.ts'

/** One outgoing message. Bodies may carry single-use links, so they are stored but never logged. */
export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
}

/** The little of a pino logger the mailer needs (a request's `log`, or the app's). */
export interface MailLogger {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

/** Who sends: a request id for the log line and a logger (none in scripts). */
export interface MailContext {
  readonly requestId?: string
  readonly log?: MailLogger
}

export interface Mailer {
  /** Records the message in email_log and, with an SMTP transport, sends it. Never throws on SMTP failure. */
  send(ctx: MailContext, message: MailMessage): Promise<{ status: 'logged' | 'sent' | 'failed' }>
}

/**
 * MAIL_TRANSPORT=log (the default) only records mail in email_log, which the back office shows;
 * an smtp:// or smtps:// URL sends it through nodemailer and records 'sent' or 'failed'.
 */
export function createMailer(env: Pick<Env, 'MAIL_TRANSPORT' | 'PUBLIC_URL'>, db: Db): Mailer {
  const from = `Optika <no-reply@${new URL(env.PUBLIC_URL).hostname}>`
  const smtpUrl = /^smtps?:\/\//.test(env.MAIL_TRANSPORT) ? env.MAIL_TRANSPORT : null
  if (!smtpUrl && env.MAIL_TRANSPORT !== 'log') {
    throw new Error(`MAIL_TRANSPORT must be 'log' or an smtp:// or smtps:// URL`)
  }
  const transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : null
  // The log names the transport kind only: an SMTP URL may hold a password.
  const transportName = smtpUrl ? (smtpUrl.startsWith('smtps:') ? 'smtps' : 'smtp') : 'log'

  return {
    async send(ctx, message) {
      let status: 'logged' | 'sent' | 'failed' = 'logged'
      let error: string | null = null
      if (transporter) {
        try {
          await transporter.sendMail({ from, ...message })
          status = 'sent'
        } catch (cause) {
          status = 'failed'
          error = cause instanceof Error ? cause.message : String(cause)
        }
      }
      const [row] = await db
        .insert(emailLog)
        .values({
          to: message.to,
          from,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          transport: transportName,
          status,
          error,
        })
        .returning({ id: emailLog.id })
      const line = {
        emailLogId: row?.id,
        to: message.to,
        subject: message.subject,
        transport: transportName,
        status,
        requestId: ctx.requestId,
      }
      if (status === 'failed') ctx.log?.error({ ...line, error }, 'mail not sent')
      else ctx.log?.info(line, status === 'sent' ? 'mail sent' : 'mail logged')
      return { status }
    },
  }
}
