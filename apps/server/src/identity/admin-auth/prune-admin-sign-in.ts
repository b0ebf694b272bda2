import { and, isNotNull, lte, or } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import {
  adminLoginFailures,
  adminOneTimeTokens,
  adminSessions,
} from '../../platform/db/schema/identity.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { SESSION_IDLE_MS } from './admin-sessions.ts'

/** Failures and spent links are kept a day past their use (rate limits look back one hour). */
const KEEP_MS = 24 * 60 * 60 * 1000

export const PRUNE_ADMIN_SIGN_IN_JOB = 'identity.prune-sign-in'

/**
 * Deletes what back-office sign-in no longer needs: failures older than a day, single-use links
 * used or expired a day ago, and sessions past their lifetime or idle limit.
 */
export async function pruneAdminSignIn(
  db: Db,
  now: Date = new Date(),
): Promise<{ failures: number; links: number; sessions: number }> {
  const dayAgo = new Date(now.getTime() - KEEP_MS)
  const failures = await db
    .delete(adminLoginFailures)
    .where(lte(adminLoginFailures.at, dayAgo))
    .returning({ id: adminLoginFailures.id })
  const links = await db
    .delete(adminOneTimeTokens)
    .where(
      or(
        and(isNotNull(adminOneTimeTokens.usedAt), lte(adminOneTimeTokens.usedAt, dayAgo)),
        lte(adminOneTimeTokens.expiresAt, dayAgo),
      ),
    )
    .returning({ id: adminOneTimeTokens.id })
  const sessions = await db
    .delete(adminSessions)
    .where(
      or(
        lte(adminSessions.expiresAt, now),
        lte(adminSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .returning({ tokenHash: adminSessions.tokenHash })
  return { failures: failures.length, links: links.length, sessions: sessions.length }
}

/** Runs `pruneAdminSignIn` every hour on the job queue, once across all processes. */
export function defineAdminSignInPruning(jobs: JobQueue, db: Db): void {
  jobs.define({
    name: PRUNE_ADMIN_SIGN_IN_JOB,
    schedule: '7 * * * *',
    pollSeconds: 10,
    retries: 1,
    async run() {
      await pruneAdminSignIn(db)
    },
  })
}
