import { and, isNotNull, lte, or } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import {
  captchaChallenges,
  customerLoginFailures,
  customerSessions,
  customerTokens,
} from '../../platform/db/schema/accounts.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { CUSTOMER_SESSION_IDLE_MS } from './customer-sessions.ts'

/** Failures and spent links are kept a day past their use (rate limits look back one hour). */
const KEEP_MS = 24 * 60 * 60 * 1000

export const PRUNE_CUSTOMER_SIGN_IN_JOB = 'accounts.prune-sign-in'

/**
 * Deletes what storefront sign-in no longer needs: failures older than a day, reset links used
 * or expired a day ago, sessions past their lifetime or idle limit, and expired captchas.
 */
export async function pruneCustomerSignIn(
  db: Db,
  now: Date = new Date(),
): Promise<{ failures: number; links: number; sessions: number; captchas: number }> {
  const dayAgo = new Date(now.getTime() - KEEP_MS)
  const failures = await db
    .delete(customerLoginFailures)
    .where(lte(customerLoginFailures.at, dayAgo))
    .returning({ id: customerLoginFailures.id })
  const links = await db
    .delete(customerTokens)
    .where(
      or(
        and(isNotNull(customerTokens.usedAt), lte(customerTokens.usedAt, dayAgo)),
        lte(customerTokens.expiresAt, dayAgo),
      ),
    )
    .returning({ id: customerTokens.id })
  const sessions = await db
    .delete(customerSessions)
    .where(
      or(
        lte(customerSessions.expiresAt, now),
        lte(customerSessions.lastSeenAt, new Date(now.getTime() - CUSTOMER_SESSION_IDLE_MS)),
      ),
    )
    .returning({ tokenHash: customerSessions.tokenHash })
  const captchas = await db
    .delete(captchaChallenges)
    .where(lte(captchaChallenges.expiresAt, now))
    .returning({ id: captchaChallenges.id })
  return {
    failures: failures.length,
    links: links.length,
    sessions: sessions.length,
    captchas: captchas.length,
  }
}

/** Runs `pruneCustomerSignIn` every hour on the job queue, once across all processes. */
export function defineCustomerSignInPruning(jobs: JobQueue, db: Db): void {
  jobs.define({
    name: PRUNE_CUSTOMER_SIGN_IN_JOB,
    schedule: '17 * * * *',
    pollSeconds: 10,
    retries: 1,
    async run() {
      await pruneCustomerSignIn(db)
    },
  })
}
