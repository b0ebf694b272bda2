import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { AppError } from '../http/app-error.ts'
import { clientNetworkOf } from '../http/client-network.ts'

/** Where one kind of secret check records its failures: a table of `(id, <key>, ip, at)` rows. */
export interface FailureLog {
  readonly table: 'admin_login_failures' | 'customer_login_failures'
  /** The column naming whose secret was checked (a username, a login). */
  readonly keyColumn: 'username' | 'login'
}

/** Failures an hour a kind of check allows, per key+address, per address and per key. */
export interface FailureLimits {
  readonly perKeyAndIp: number
  readonly perIp: number
  readonly perKey: number
}

/** An attempt counted as a failure before its secret was checked. */
export interface ClaimedAttempt {
  readonly id: number
}

/**
 * Counts a secret check as a failure *before* the secret is tested, or throws a translated 429
 * when the key from this address, the address, or the key overall has used its limit in the last
 * hour (decision 021). Checking and counting happen under per-key and per-address advisory locks
 * in one transaction, so parallel attempts — in one process or several on one PostgreSQL — get
 * exactly the limit through. A right secret takes its attempt back (forgiveAttempt); failures
 * age out after an hour.
 */
export async function claimAttempt(
  db: Db,
  log: FailureLog,
  key: string,
  ip: string,
  limits: FailureLimits,
): Promise<ClaimedAttempt> {
  // Stored and counted alike: an overlong key cannot dodge its count.
  const stored = key.slice(0, 200)
  const network = clientNetworkOf(ip)
  const table = sql.raw(log.table)
  const keyColumn = sql.raw(log.keyColumn)
  const claimed = await db.transaction(async (tx) => {
    // Always the key's lock first, then the address's: no two attempts wait on each other
    // crosswise. Two-key locks live apart from single-key ones (the demo seed's).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${log.table}.${log.keyColumn}`}), hashtext(lower(${stored})))`,
    )
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${log.table}.ip`}), hashtext(${network}))`,
    )
    const sameKey = sql`lower(${keyColumn}) = lower(${stored})`
    const sameNetwork = sql`ip = ${network}`
    const { rows } = await tx.execute<{ pair: number; key: number; ip: number }>(sql`
      select (count(*) filter (where ${sameKey} and ${sameNetwork}))::int as pair,
             (count(*) filter (where ${sameKey}))::int as key,
             (count(*) filter (where ${sameNetwork}))::int as ip
        from ${table}
       where at > now() - interval '1 hour' and (${sameKey} or ${sameNetwork})`)
    const counts = rows[0]
    if (
      Number(counts?.pair ?? 0) >= limits.perKeyAndIp ||
      Number(counts?.ip ?? 0) >= limits.perIp ||
      Number(counts?.key ?? 0) >= limits.perKey
    ) {
      return null
    }
    const inserted = await tx.execute<{ id: number | string }>(
      sql`insert into ${table} (${keyColumn}, ip) values (${stored}, ${network}) returning id`,
    )
    const id = inserted.rows[0]?.id
    return id === undefined ? null : { id: Number(id) }
  })
  if (!claimed) throw new AppError(429, 'TOO_MANY_REQUESTS', 'server.tooManyRequests')
  return claimed
}

/** Takes back an attempt whose secret was right: a successful check is not a failure. */
export async function forgiveAttempt(
  db: Db,
  log: FailureLog,
  attempt: ClaimedAttempt,
): Promise<void> {
  await db.execute(sql`delete from ${sql.raw(log.table)} where id = ${attempt.id}`)
}
