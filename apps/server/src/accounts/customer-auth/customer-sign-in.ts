import { randomBytes } from 'node:crypto'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { customerLoginFailures } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import {
  hashPassword,
  passwordNeedsRehash,
  verifyPassword,
} from '../../platform/passwords/passwords.ts'
import {
  CUSTOMER_SESSION_COOKIE,
  endCustomerSession,
  hashToken,
  setCustomerSessionCookie,
  startCustomerSession,
} from './customer-sessions.ts'

/** At most 20 failed sign-ins per login (e-mail or username) per hour. */
export const MAX_CUSTOMER_FAILURES_PER_LOGIN = 20
/** Per client address more (200/h): households and mobile carriers share addresses. */
export const MAX_CUSTOMER_FAILURES_PER_IP = 200

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

/** Throws 429 when the login or the address has too many failures in the last hour. */
export async function assertCustomerSignInAllowed(
  db: Db,
  login: string,
  ip: string,
): Promise<void> {
  const lowered = login.toLowerCase()
  const [counts] = await db
    .select({
      login: sql<number>`(count(*) filter (where lower(${customerLoginFailures.login}) = ${lowered}))::int`,
      ip: sql<number>`(count(*) filter (where ${customerLoginFailures.ip} = ${ip}))::int`,
    })
    .from(customerLoginFailures)
    .where(
      and(
        sql`${customerLoginFailures.at} > now() - interval '1 hour'`,
        or(
          sql`lower(${customerLoginFailures.login}) = ${lowered}`,
          eq(customerLoginFailures.ip, ip),
        ),
      ),
    )
  if (
    (counts?.login ?? 0) >= MAX_CUSTOMER_FAILURES_PER_LOGIN ||
    (counts?.ip ?? 0) >= MAX_CUSTOMER_FAILURES_PER_IP
  ) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'server.tooManyRequests')
  }
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
 * Checks a login and password: 429 when rate limited, 401 for any wrong combination (recorded
 * as a failure). Pending and rejected partners sign in too: they see their state.
 */
export async function checkCustomerCredentials(
  db: Db,
  input: { login: string; password: string; ip: string },
): Promise<CustomerRow> {
  const login = input.login.trim()
  await assertCustomerSignInAllowed(db, login, input.ip)
  const customer = await findCustomerByLogin(db, login)
  const ok = await verifyPassword(customer?.passwordHash ?? (await getDummyHash()), input.password)
  if (!customer || !ok) {
    await db.insert(customerLoginFailures).values({ login: login.slice(0, 200), ip: input.ip })
    throw wrongCredentials()
  }
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
  const previous = request.cookies[CUSTOMER_SESSION_COOKIE]
  if (previous) await endCustomerSession(db, hashToken(previous))
  const { token } = await startCustomerSession(db, {
    customerId,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  })
  setCustomerSessionCookie(reply, token)
  await db.update(customers).set({ lastLoginAt: new Date() }).where(eq(customers.id, customerId))
}
