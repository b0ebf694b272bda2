import { and, eq, lte, ne, or } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { customerSessions } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { clearCookie, setCookie } from '../../platform/http/cookie-policy.ts'
import { createToken, hashToken } from '../../identity/admin-auth/admin-sessions.ts'

/** A shop session unused this long is over (a shop keeps people signed in longer than staff). */
export const CUSTOMER_SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000
/** No shop session outlives this, however busy. */
export const CUSTOMER_SESSION_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000
/** lastSeenAt is written at most this often, so page views do not turn into writes. */
export const CUSTOMER_SESSION_TOUCH_MS = 60 * 1000

export { hashToken }

/** Starts a session for a customer; the caller sets the cookie with the returned token. */
export async function startCustomerSession(
  db: Db,
  input: {
    customerId: number
    impersonatedBy?: number | null
    ip: string | null
    userAgent: string | null | undefined
  },
): Promise<{ token: string; tokenHash: string }> {
  const token = createToken()
  const tokenHash = hashToken(token)
  const now = Date.now()
  // Each sign-in tidies the customer's abandoned sessions.
  await db
    .delete(customerSessions)
    .where(
      and(
        eq(customerSessions.customerId, input.customerId),
        or(
          lte(customerSessions.expiresAt, new Date(now)),
          lte(customerSessions.lastSeenAt, new Date(now - CUSTOMER_SESSION_IDLE_MS)),
        ),
      ),
    )
  await db.insert(customerSessions).values({
    tokenHash,
    customerId: input.customerId,
    impersonatedBy: input.impersonatedBy ?? null,
    expiresAt: new Date(now + CUSTOMER_SESSION_LIFETIME_MS),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  })
  return { token, tokenHash }
}

/** Ends the session a token names (logout, or the old session when a new one starts). */
export async function endCustomerSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.tokenHash, tokenHash))
}

/**
 * Ends every session of a customer (password changed or reset, account deleted, partner
 * decision), except optionally the one making the change. Returns how many ended.
 */
export async function endCustomerSessions(
  db: Db,
  customerId: number,
  exceptTokenHash?: string,
): Promise<number> {
  const ended = await db
    .delete(customerSessions)
    .where(
      exceptTokenHash === undefined
        ? eq(customerSessions.customerId, customerId)
        : and(
            eq(customerSessions.customerId, customerId),
            ne(customerSessions.tokenHash, exceptTokenHash),
          ),
    )
    .returning({ tokenHash: customerSessions.tokenHash })
  return ended.length
}

export interface LiveCustomerSession {
  readonly tokenHash: string
  readonly impersonatedBy: number | null
  readonly customer: typeof customers.$inferSelect
}

/**
 * The live session a cookie token names and its customer, in one query; null when unknown,
 * idle too long, past its lifetime, or the customer is deleted. Touches lastSeenAt at most
 * once a minute.
 */
export async function findLiveCustomerSession(
  db: Db,
  token: string,
): Promise<LiveCustomerSession | null> {
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({ session: customerSessions, customer: customers })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(eq(customerSessions.tokenHash, tokenHash))
    .limit(1)
  if (!row) return null
  const now = Date.now()
  const { session, customer } = row
  const expired =
    session.expiresAt.getTime() <= now ||
    session.lastSeenAt.getTime() + CUSTOMER_SESSION_IDLE_MS <= now
  if (expired || customer.deletedAt !== null) {
    await endCustomerSession(db, tokenHash)
    return null
  }
  if (now - session.lastSeenAt.getTime() >= CUSTOMER_SESSION_TOUCH_MS) {
    await db
      .update(customerSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(customerSessions.tokenHash, tokenHash))
  }
  return { tokenHash, impersonatedBy: session.impersonatedBy, customer }
}

/**
 * Puts a session token in the `customerSession` cookie: like the back office's, `__Host-` pins it
 * to this host with Path=/ and Secure (platform/http/cookie-policy.ts). A separate name from the
 * back-office cookie: a person can be signed in as a customer and as staff at the same time. It
 * outlives the browser window (a shop keeps people signed in) up to the session's lifetime; the
 * server enforces the idle and absolute limits.
 */
export function setCustomerSessionCookie(reply: FastifyReply, token: string): void {
  setCookie(reply, 'customerSession', token, {
    maxAgeSeconds: CUSTOMER_SESSION_LIFETIME_MS / 1000,
  })
}

export function clearCustomerSessionCookie(reply: FastifyReply): void {
  clearCookie(reply, 'customerSession')
}
