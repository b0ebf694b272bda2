import { randomBytes } from 'node:crypto'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import {
  claimAttempt,
  forgiveAttempt,
  type ClaimedAttempt,
  type FailureLimits,
  type FailureLog,
} from '../../platform/passwords/failure-limits.ts'
import {
  hashPassword,
  passwordNeedsRehash,
  verifyPassword,
} from '../../platform/passwords/passwords.ts'
import {
  endCustomerSession,
  hashToken,
  setCustomerSessionCookie,
  startCustomerSession,
} from './customer-sessions.ts'

/**
 * At most 20 failed sign-ins per login (e-mail or username) *and* client address per hour: a
 * stranger failing from their own address cannot lock the customer out elsewhere (decision 021).
 */
export const MAX_CUSTOMER_FAILURES_PER_LOGIN_AND_IP = 20
/** Per client address more (200/h): households and mobile carriers share addresses. */
export const MAX_CUSTOMER_FAILURES_PER_IP = 200
/** Per login across all addresses (200/h, ten times the pair limit): the ceiling for a spread-out attack. */
export const MAX_CUSTOMER_FAILURES_PER_LOGIN = 200

export const CUSTOMER_SIGN_IN_LIMITS: FailureLimits = {
  perKeyAndIp: MAX_CUSTOMER_FAILURES_PER_LOGIN_AND_IP,
  perIp: MAX_CUSTOMER_FAILURES_PER_IP,
  perKey: MAX_CUSTOMER_FAILURES_PER_LOGIN,
}

const CUSTOMER_FAILURES: FailureLog = { table: 'customer_login_failures', keyColumn: 'login' }

type CustomerRow = typeof customers.$inferSelect

/**
 * The one answer for an unknown login and a wrong password alike ('E-mail or password are
 * incorrect'), so the answer never tells whether an account exists. ('Login failed. Wrong
 * password' is for re-entering one's own password when changing it; decision 017.)
 */
export function wrongCredentials(): AppError {
  return new AppError(401, 'INVALID_CREDENTIALS', 'auth.emailOrPasswordIncorrect')
}

let dummyHash: Promise<string> | undefined
/** A hash to verify against when nobody matches, so that answer takes as long. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}

/**
 * Counts a customer's password check as a failure before the password is tested, or 429 when a
 * limit is used up (platform/passwords/failure-limits.ts).
 */
export function claimCustomerSignInAttempt(
  db: Db,
  login: string,
  ip: string,
  limits: FailureLimits = CUSTOMER_SIGN_IN_LIMITS,
): Promise<ClaimedAttempt> {
  return claimAttempt(db, CUSTOMER_FAILURES, login, ip, limits)
}

/** Takes back an attempt whose password was right: a successful sign-in is not a failure. */
export function forgiveCustomerSignInAttempt(db: Db, attempt: ClaimedAttempt): Promise<void> {
  return forgiveAttempt(db, CUSTOMER_FAILURES, attempt)
}

/** The live (not deleted) customer whose e-mail or username is `login`, case-insensitively. */
export async function findCustomerByLogin(db: Db, login: string): Promise<CustomerRow | null> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(
      and(
        isNull(customers.deletedAt),
        or(
          sql`lower(${customers.email}) = lower(${login})`,
          sql`lower(${customers.username}) = lower(${login})`,
        ),
      ),
    )
    // An e-mail match wins over somebody else's username spelled like it.
    .orderBy(sql`case when lower(${customers.email}) = lower(${login}) then 0 else 1 end`)
    .limit(1)
  return customer ?? null
}

/**
 * Checks a login and password: 429 when rate limited, 401 for any wrong combination (counted
 * as a failure). Pending and rejected partners sign in too: they see their state.
 */
export async function checkCustomerCredentials(
  db: Db,
  input: { login: string; password: string; ip: string },
): Promise<CustomerRow> {
  const login = input.login.trim()
  const attempt = await claimCustomerSignInAttempt(db, login, input.ip)
  const customer = await findCustomerByLogin(db, login)
  const ok = await verifyPassword(customer?.passwordHash ?? (await getDummyHash()), input.password)
  if (!customer || !ok) throw wrongCredentials()
  await forgiveCustomerSignInAttempt(db, attempt)
  if (passwordNeedsRehash(customer.passwordHash)) {
    await db
      .update(customers)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(customers.id, customer.id))
  }
  return customer
}

/**
 * Starts a fresh session for the customer and puts it in the cookie; the session of the cookie
 * the request came with (if any) ends, so a token known before sign-in is worthless after it.
 */
export async function signInAs(
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
): Promise<void> {
  const db = request.ctx.db
  const previous = readCookie(request, 'customerSession')
  if (previous) await endCustomerSession(db, hashToken(previous))
  const { token } = await startCustomerSession(db, {
    customerId,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  })
  setCustomerSessionCookie(reply, token)
  await db.update(customers).set({ lastLoginAt: new Date() }).where(eq(customers.id, customerId))
}
