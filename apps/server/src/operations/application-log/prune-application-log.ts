import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { writeAppLog, type AppLogFallback } from '../../platform/app-log/write-app-log.ts'

/** How long entries are kept, per class of priority, and how many rows at most (decision 065). */
export interface AppLogRetention {
  /** emergency, alert, critical, error (0–3). */
  readonly errorDays: number
  /** warning, notice (4–5). */
  readonly warningDays: number
  /** info, debug (6–7). */
  readonly infoDays: number
  /** The newest this many entries are the most kept, whatever their age. */
  readonly maxRows: number
}

export const PRUNE_APP_LOG_JOB = 'operations.prune-application-log'

/** Rows deleted per statement: a long backlog goes in steps, never one huge transaction. */
const BATCH = 5_000

async function deleteInBatches(db: Db, where: SQL): Promise<number> {
  let deleted = 0
  for (;;) {
    const { rows } = await db.execute<{ id: number }>(sql`
      DELETE FROM application_log WHERE id IN (
        SELECT id FROM application_log WHERE ${where} ORDER BY id LIMIT ${BATCH}
      ) RETURNING id`)
    const count = rows.length
    deleted += count
    if (count < BATCH) return deleted
  }
}

/**
 * Deletes entries older than their class's retention, then the oldest beyond `maxRows`.
 * Answers how many went by each rule.
 */
export async function pruneApplicationLog(
  db: Db,
  retention: AppLogRetention,
  now: Date = new Date(),
): Promise<{ byAge: number; byCount: number }> {
  const before = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
  const byAge = await deleteInBatches(
    db,
    sql`(priority <= 3 AND at < ${before(retention.errorDays)})
      OR (priority BETWEEN 4 AND 5 AND at < ${before(retention.warningDays)})
      OR (priority >= 6 AND at < ${before(retention.infoDays)})`,
  )
  const { rows } = await db.execute<{ id: number | string }>(sql`
    SELECT id FROM application_log ORDER BY id DESC OFFSET ${retention.maxRows - 1} LIMIT 1`)
  const oldestKept = rows[0]?.id
  const byCount =
    oldestKept === undefined ? 0 : await deleteInBatches(db, sql`id < ${Number(oldestKept)}`)
  return { byAge, byCount }
}

/** Prunes the application log every night at 03:17 UTC on the job queue, once across processes. */
export function defineAppLogPruning(
  jobs: JobQueue,
  db: Db,
  retention: AppLogRetention,
  log?: AppLogFallback,
): void {
  jobs.define({
    name: PRUNE_APP_LOG_JOB,
    schedule: '17 3 * * *',
    pollSeconds: 30,
    retries: 1,
    async run() {
      const pruned = await pruneApplicationLog(db, retention)
      if (pruned.byAge + pruned.byCount > 0) {
        await writeAppLog(
          db,
          {
            priority: 'info',
            component: 'application-log',
            message: `Pruned ${pruned.byAge + pruned.byCount} old application log entries`,
            context: { ...pruned, retention },
            source: 'prune-application-log',
          },
          log,
        )
      }
    },
  })
}
