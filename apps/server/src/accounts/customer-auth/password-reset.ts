import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { DEFAULT_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { customerTokens } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import type { Env } from '../../platform/env.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import { hashPassword } from '../../platform/passwords/passwords.ts'
import { createToken, hashToken } from '../../identity/admin-auth/admin-sessions.ts'
import { endCustomerSessions } from './customer-sessions.ts'
import { sendDocumentMail } from '../../cms/mails/send-document-mail.ts'

/** A reset link works for an hour, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000

export interface PasswordResetDeps {
  readonly db: Db
  readonly mailer: Mailer
  readonly translator: Translator
  readonly env: Pick<Env, 'PUBLIC_URL'>
}

/**
 * Mails a customer a single-use link to set a new password (`/{locale}/new-password?token=…`,
 * one hour). Used by "lost password" and by the back office (`createdBy` = the staff user).
 * Only the token's hash is stored; the link is in the mail body only, never logged. Deleted
 * customers get nothing. Returns whether a mail went out.
 */
export async function sendPasswordResetLink(
  deps: PasswordResetDeps,
  customerId: number,
  options: {
    createdBy?: number | null
    locale?: Locale
    requestId?: string
    log?: FastifyBaseLogger
  },
): Promise<boolean> {
  const [customer] = await deps.db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      language: customers.language,
      deletedAt: customers.deletedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!customer || customer.deletedAt !== null) return false
  const locale =
    options.locale ?? (isLocale(customer.language) ? customer.language : DEFAULT_LOCALE)
  const token = createToken()
  await deps.db.insert(customerTokens).values({
    tokenHash: hashToken(token),
    customerId,
    kind: 'passwordReset',
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    createdBy: options.createdBy ?? null,
  })
  const url = new URL(`/${locale}/new-password`, deps.env.PUBLIC_URL)
  url.searchParams.set('token', token)
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email
  const params = { name, link: url.toString(), minutes: PASSWORD_RESET_TTL_MS / 60_000 }
  await sendDocumentMail({ ...deps, log: options.log }, 'password-reset', {
    locale,
    to: customer.email,
    values: params,
    mail: { requestId: options.requestId, log: options.log },
  })
  return true
}

function badLink(): AppError {
  return new AppError(400, 'INVALID_TOKEN', 'account.linkInvalid')
}

/**
 * Sets a new password through a reset link. Guarantee: the token is used up, the password set,
 * the customer's other reset links voided and all the customer's sessions ended together, or
 * nothing changes (a used, expired or unknown link is a 400). Returns the customer's id so the
 * caller can sign them in.
 */
export async function resetCustomerPassword(
  db: Db,
  input: { token: string; password: string },
): Promise<number> {
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    // One conditional update, so two requests cannot both use the token.
    const [used] = await tx
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.tokenHash, hashToken(input.token)),
          eq(customerTokens.kind, 'passwordReset'),
          isNull(customerTokens.usedAt),
          gt(customerTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ customerId: customerTokens.customerId })
    if (!used) throw badLink()
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(customers.id, used.customerId), isNull(customers.deletedAt)))
      .returning({ id: customers.id })
    if (!customer) throw badLink()
    await tx
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.customerId, customer.id),
          eq(customerTokens.kind, 'passwordReset'),
          isNull(customerTokens.usedAt),
        ),
      )
    await endCustomerSessions(tx, customer.id)
    return customer.id
  })
}
