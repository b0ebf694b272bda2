import type { Db } from '../../platform/db/client.ts'
import {
  claimAttempt,
  forgiveAttempt,
  type ClaimedAttempt,
  type FailureLimits,
  type FailureLog,
} from '../../platform/passwords/failure-limits.ts'

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

const ADMIN_FAILURES: FailureLog = { table: 'admin_login_failures', keyColumn: 'username' }
const ADMIN_LIMITS: FailureLimits = {
  perKeyAndIp: MAX_FAILURES_PER_ACCOUNT_AND_IP,
  perIp: MAX_FAILURES_PER_IP,
  perKey: MAX_FAILURES_PER_ACCOUNT,
}

/**
 * Counts a staff secret check (password, second factor, current password) as a failure before the
 * secret is tested, or 429 when a limit above is used up (platform/passwords/failure-limits.ts).
 */
export function claimSignInAttempt(db: Db, username: string, ip: string): Promise<ClaimedAttempt> {
  return claimAttempt(db, ADMIN_FAILURES, username, ip, ADMIN_LIMITS)
}

/** Takes back an attempt whose secret was right: a successful sign-in is not a failure. */
export function forgiveSignInAttempt(db: Db, attempt: ClaimedAttempt): Promise<void> {
  return forgiveAttempt(db, ADMIN_FAILURES, attempt)
}
