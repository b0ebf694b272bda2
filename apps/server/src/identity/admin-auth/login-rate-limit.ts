import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { adminLoginFailures } from '../../platform/db/schema/identity.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { clientNetworkOf } from '../../platform/http/client-network.ts'

/**
 * The limit, per account *and* client address: at most 100 failed sign-ins an hour. A
 * stranger failing from their own address locks only that address out of the account, never the
 * real user at another one (decision 021).
 */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 100
/**
 * Per client address across accounts (300/h): several staff behind one office NAT should not
 * lock each other out, while one address still cannot spray many accounts.
 */
export const MAX_FAILURES_PER_IP = 300
/**
 * Per account across all addresses (1000/h, ten times the pair limit): the ceiling for an attack
 * spread over many addresses. Reaching it takes ten or more addresses, not one.
 */
export const MAX_FAILURES_PER_ACCOUNT = 1000

/** An attempt counted as a failure before its secret was checked (see claimSignInAttempt). */
export interface SignInAttempt {
  readonly id: number
}

/**
 * Counts a sign-in attempt (password, second factor, current password) as a failure *before* the
 * secret is checked, or throws 429 when the account from this address, the address, or the
 * account overall has used its limit in the last hour. Checking and counting happen under
 * per-account and per-address advisory locks in one transaction, so any number of parallel
 * attempts, in one process or in several on one PostgreSQL, get exactly the limit through.
 * A locked account's right password is not even tested. An attempt that turns out right is
 * forgiven (forgiveSignInAttempt); failures age out after an hour.
 */
export async function claimSignInAttempt(
  db: Db,
  username: string,
  ip: string,
): Promise<SignInAttempt> {
  // Stored and counted alike: a 10 000-character username cannot dodge the account's count.
  const account = username.slice(0, 200)
  const network = clientNetworkOf(ip)
  const claimed = await db.transaction(async (tx) => {
    // Always the account's lock first, then the address's: no two attempts wait on each other
    // crosswise. Two-key locks live apart from single-key ones (the demo seed's).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('admin_login_failures.username'), hashtext(lower(${account})))`,
    )
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('admin_login_failures.ip'), hashtext(${network}))`,
    )
    const sameAccount = sql`lower(${adminLoginFailures.username}) = lower(${account})`
    const sameNetwork = eq(adminLoginFailures.ip, network)
    const [counts] = await tx
      .select({
        pair: sql<number>`(count(*) filter (where ${sameAccount} and ${sameNetwork}))::int`,
        account: sql<number>`(count(*) filter (where ${sameAccount}))::int`,
        ip: sql<number>`(count(*) filter (where ${sameNetwork}))::int`,
      })
      .from(adminLoginFailures)
      .where(
        and(
          sql`${adminLoginFailures.at} > now() - interval '1 hour'`,
          sql`(${sameAccount} or ${sameNetwork})`,
        ),
      )
    if (
      (counts?.pair ?? 0) >= MAX_FAILURES_PER_ACCOUNT_AND_IP ||
      (counts?.ip ?? 0) >= MAX_FAILURES_PER_IP ||
      (counts?.account ?? 0) >= MAX_FAILURES_PER_ACCOUNT
    ) {
      return null
    }
    const [row] = await tx
      .insert(adminLoginFailures)
      .values({ username: account, ip: network })
      .returning({ id: adminLoginFailures.id })
    return row ?? null
  })
  if (!claimed) throw new AppError(429, 'TOO_MANY_REQUESTS', 'server.tooManyRequests')
  return claimed
}

/** Takes back an attempt whose secret was right: a successful sign-in is not a failure. */
export async function forgiveSignInAttempt(db: Db, attempt: SignInAttempt): Promise<void> {
  await db.delete(adminLoginFailures).where(eq(adminLoginFailures.id, attempt.id))
}
