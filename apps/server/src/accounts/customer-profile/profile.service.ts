import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type {
  ChangePasswordInput,
  NewsletterInput,
  Profile,
  ProfileInput,
} from '@optika/domain/accounts/profile-api'
import { MIN_PASSWORD_LENGTH } from '@optika/domain/accounts/account-api'
import { COUNTRIES, type Country } from '@optika/domain/commerce/countries'
import { CURRENCIES } from '@optika/domain/commerce/currencies'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { RequestContext } from '../../platform/http/request-context.ts'
import { endCustomerSessions } from '../customer-auth/customer-sessions.ts'
import {
  claimCustomerSignInAttempt,
  forgiveCustomerSignInAttempt,
  MAX_CUSTOMER_FAILURES_PER_IP,
} from '../customer-auth/customer-sign-in.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { FailureLimits } from '../../platform/passwords/failure-limits.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords/passwords.ts'
import { normalizePhone, phoneError, type FieldError } from './contact-rules.ts'

type CustomerRow = typeof customers.$inferSelect

/** Wrong current passwords a customer may type per hour before re-authentication pauses. */
export const REAUTH_FAILURES_PER_HOUR = 10
/** A stolen session guesses from wherever it likes: the limit is per customer, any address. */
const REAUTH_LIMITS: FailureLimits = {
  perKeyAndIp: REAUTH_FAILURES_PER_HOUR,
  perKey: REAUTH_FAILURES_PER_HOUR,
  perIp: MAX_CUSTOMER_FAILURES_PER_IP,
}

export function countryOf(value: string): Country {
  return COUNTRIES.find((c) => c === value) ?? 'CZ'
}

export function accountGone(): AppError {
  // The session outlived the account (deleted in another tab): the same as not signed in.
  return new AppError(401, 'NOT_LOGGED_IN', 'auth.notLoggedIn')
}

export function fieldErrors(errors: readonly (FieldError | null)[]): void {
  const found = errors.filter((e): e is FieldError => e !== null)
  if (found.length > 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'validation.formError', {}, found)
  }
}

export async function loadCustomer(db: Db, customerId: number): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .limit(1)
  if (!row) throw accountGone()
  return row
}

/** A PriceList object's name, or null when the id names none. */
export async function priceListName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null
  const [row] = await db
    .select({ data: objects.data })
    .from(objects)
    .where(and(eq(objects.id, id), eq(objects.classId, 'PriceList')))
    .limit(1)
  const name = (row?.data as { name?: unknown } | undefined)?.name
  return typeof name === 'string' ? name : null
}

/** The profile as the account page shows it (no password hash, no internal decision fields). */
export async function toProfile(
  ctx: RequestContext,
  translator: Translator,
  row: CustomerRow,
): Promise<Profile> {
  const approved = row.kind === 'partner' && row.partnerStatus === 'approved'
  const creditCurrency = CURRENCIES.find((c) => c === row.creditCurrency)
  return {
    id: row.id,
    kind: row.kind,
    clientNumber: row.clientNumber,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    country: countryOf(row.country),
    company: row.company,
    tin: row.tin,
    vatId: row.vatId,
    owner: row.owner,
    contactPerson: row.contactPerson,
    website: row.website,
    gps: row.gps,
    deliveryDiffers: row.deliveryDiffers,
    newsletter: {
      subscribed: row.newsletter,
      consentAt: row.newsletter ? (row.newsletterConsentAt?.toISOString() ?? null) : null,
      frequencyText: translator.t(ctx.locale, 'newsletter.frequency'),
    },
    partner:
      row.kind === 'partner' && row.partnerStatus !== null
        ? {
            status: row.partnerStatus,
            priceListId: approved ? row.priceListId : null,
            priceListName: approved ? await priceListName(ctx.db, row.priceListId) : null,
            invoiceMaturityDays: approved ? row.invoiceMaturityDays : null,
            creditLimit:
              approved && row.creditLimit !== null && creditCurrency
                ? { amount: row.creditLimit, currency: creditCurrency }
                : null,
            rejectionReason: row.partnerStatus === 'rejected' ? row.rejectionReason : null,
          }
        : null,
  }
}

export async function getProfile(
  ctx: RequestContext,
  translator: Translator,
  customerId: number,
): Promise<Profile> {
  return toProfile(ctx, translator, await loadCustomer(ctx.db, customerId))
}

const blankToNull = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505' && (name === undefined || name === constraint)) return true
  }
  return false
}

const emailTaken = () =>
  new AppError(409, 'EMAIL_EXISTS', 'validation.emailExists', {}, [
    { path: 'body/email', key: 'validation.emailExists' },
  ])
const usernameTaken = () =>
  new AppError(409, 'USERNAME_TAKEN', 'account.usernameTaken', {}, [
    { path: 'body/username', key: 'account.usernameTaken' },
  ])

/**
 * Saves personal and company data. Guarantee: the e-mail and username stay unique (409, nothing
 * changed), the phone matches the account country's format, a partner keeps a company name.
 */
export async function updateProfile(
  ctx: RequestContext,
  translator: Translator,
  customerId: number,
  input: ProfileInput,
): Promise<Profile> {
  const current = await loadCustomer(ctx.db, customerId)
  const company = blankToNull(input.company)
  fieldErrors([
    phoneError('body/phone', input.phone, countryOf(current.country)),
    current.kind === 'partner' && company === null
      ? { path: 'body/company', key: 'validation.required' }
      : null,
  ])
  const email = input.email.trim()
  const username = blankToNull(input.username)
  const [sameEmail] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = lower(${email})`, ne(customers.id, customerId)))
    .limit(1)
  if (sameEmail) throw emailTaken()
  if (username !== null) {
    const [sameName] = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(sql`lower(${customers.username}) = lower(${username})`, ne(customers.id, customerId)),
      )
      .limit(1)
    if (sameName) throw usernameTaken()
  }
  try {
    const [row] = await ctx.db
      .update(customers)
      .set({
        email,
        username,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: normalizePhone(input.phone),
        company,
        tin: blankToNull(input.tin),
        vatId: blankToNull(input.vatId),
        owner: blankToNull(input.owner),
        contactPerson: blankToNull(input.contactPerson),
        website: blankToNull(input.website),
        gps: blankToNull(input.gps),
        ...(input.deliveryDiffers === undefined ? {} : { deliveryDiffers: input.deliveryDiffers }),
        updatedAt: new Date(),
      })
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
      .returning()
    if (!row) throw accountGone()
    return await toProfile(ctx, translator, row)
  } catch (error) {
    // Two accounts saving the same address at once: the unique index decides.
    if (isUniqueViolation(error, 'customers_email_unique')) throw emailTaken()
    if (isUniqueViolation(error, 'customers_username_unique')) throw usernameTaken()
    throw error
  }
}

/** Registration's password rules: at least MIN_PASSWORD_LENGTH characters, typed twice the same. */
export function passwordRuleErrors(input: { password: string; passwordRepeat: string }): void {
  fieldErrors([
    input.password.length < MIN_PASSWORD_LENGTH
      ? {
          path: 'body/password',
          key: 'validation.minLength',
          params: { value: String(MIN_PASSWORD_LENGTH) },
        }
      : null,
    input.password !== input.passwordRepeat
      ? { path: 'body/passwordRepeat', key: 'validation.passwordsSame' }
      : null,
  ])
}

/**
 * Checks the customer's current password (re-authentication before a sensitive change). Wrong →
 * 401 'Login failed. Wrong password'; after REAUTH_FAILURES_PER_HOUR wrong tries → 429, so a
 * stolen session cannot guess the password.
 */
export async function reauthenticate(
  db: Db,
  customer: CustomerRow,
  password: string,
  ip: string,
  path = 'body/password',
): Promise<void> {
  // Counted before the check, like a sign-in, so parallel guesses get no more than the limit.
  const attempt = await claimCustomerSignInAttempt(db, `reauth:${customer.id}`, ip, REAUTH_LIMITS)
  if (!(await verifyPassword(customer.passwordHash, password))) {
    throw new AppError(401, 'WRONG_PASSWORD', 'auth.wrongPassword', {}, [
      { path, key: 'auth.wrongPassword' },
    ])
  }
  await forgiveCustomerSignInAttempt(db, attempt)
}

/**
 * Changes the password after re-authentication; every other session of the customer ends (a
 * thief signed in elsewhere is out), the one making the change stays.
 */
export async function changePassword(
  ctx: RequestContext,
  customerId: number,
  input: ChangePasswordInput,
  meta: { ip: string; currentSessionHash: string | undefined },
): Promise<void> {
  const customer = await loadCustomer(ctx.db, customerId)
  passwordRuleErrors(input)
  await reauthenticate(ctx.db, customer, input.currentPassword, meta.ip, 'body/currentPassword')
  const passwordHash = await hashPassword(input.password)
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(customers.id, customerId))
    if (meta.currentSessionHash === undefined) await endCustomerSessions(tx, customerId)
    else await endCustomerSessions(tx, customerId, meta.currentSessionHash)
  })
}

/**
 * Subscribes or unsubscribes. The consent's time is recorded when it is given (and kept while
 * subscribed); withdrawing clears it.
 */
export async function setNewsletter(
  ctx: RequestContext,
  translator: Translator,
  customerId: number,
  input: NewsletterInput,
): Promise<Profile> {
  const current = await loadCustomer(ctx.db, customerId)
  const consentAt = input.newsletter
    ? current.newsletter && current.newsletterConsentAt
      ? current.newsletterConsentAt
      : new Date()
    : null
  const [row] = await ctx.db
    .update(customers)
    .set({ newsletter: input.newsletter, newsletterConsentAt: consentAt, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning()
  if (!row) throw accountGone()
  return toProfile(ctx, translator, row)
}
