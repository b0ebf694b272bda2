import { and, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { adminLoginFailures } from '../../platform/db/schema/identity.ts'
import { AppError } from '../../platform/http/app-error.ts'

/** The limit: at most 100 failed sign-ins per account per hour. */
export const MAX_FAILURES_PER_ACCOUNT = 100
/**
 * Per client address the limit is higher (300/h): several staff behind one office NAT should not
 * lock each other out, while one address still cannot spray many accounts.
 */
export const MAX_FAILURES_PER_IP = 300

/**
 * Throws 429 when the account (by lower(username)) or the address has reached its limit of
 * failures in the last hour. Checked before the password, so a locked account's right password
 * is not even tested. Failures age out; a success clears nothing.
 */
export async function assertSignInAllowed(db: Db, username: string, ip: string): Promise<void> {
  const lowered = username.toLowerCase()
  const [counts] = await db
    .select({
      account: sql<number>`(count(*) filter (where lower(${adminLoginFailures.username}) = ${lowered}))::int`,
      ip: sql<number>`(count(*) filter (where ${adminLoginFailures.ip} = ${ip}))::int`,
    })
    .from(adminLoginFailures)
    .where(
      and(
        sql`${adminLoginFailures.at} > now() - interval '1 hour'`,
        or(sql`lower(${adminLoginFailures.username}) = ${lowered}`, eq(adminLoginFailures.ip, ip)),
      ),
    )
  if (
    (counts?.account ?? 0) >= MAX_FAILURES_PER_ACCOUNT ||
    (counts?.ip ?? 0) >= MAX_FAILURES_PER_IP
  ) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'server.tooManyRequests')
  }
}

/** Counts one failed attempt (wrong password, unknown user, wrong second factor). */
export async function recordSignInFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(adminLoginFailures).values({ username: username.slice(0, 200), ip })
}
