import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { productIndexChanges, productIndexPruned } from '../../platform/db/schema/pim.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'

/**
 * How long product-index change rows are kept. A search engine that has not refreshed for half of
 * it reloads the whole index instead of trusting the rows (decision 015).
 */
export const INDEX_CHANGES_KEPT_MS = 10 * 60_000

/** Every five minutes: note the oldest running transaction, for the prune ten minutes later. */
export const SAMPLE_INDEX_HORIZON_JOB = 'catalogue.sample-index-horizon'
/** Deletes the change rows of transactions older than a horizon sampled `INDEX_CHANGES_KEPT_MS` ago. */
export const PRUNE_INDEX_CHANGES_JOB = 'catalogue.prune-index-changes'

/** `pg_snapshot_xmin` now: every transaction below it has finished, so its rows are visible. */
export async function readTransactionHorizon(db: Db): Promise<number> {
  const { rows } = await db.execute<{ xmin: string }>(
    sql`select (pg_snapshot_xmin(pg_current_snapshot())::text) as xmin`,
  )
  return Number(rows[0]?.xmin ?? 0)
}

/**
 * Deletes the change rows written by transactions older than `horizon` and raises
 * `product_index_pruned` to the newest deleted one, in one statement; returns how many.
 */
export async function pruneIndexChanges(db: Db, horizon: number): Promise<number> {
  const { rows } = await db.execute<{ deleted: string }>(sql`
    with deleted as (
      delete from ${productIndexChanges} where ${productIndexChanges.xid} < ${horizon}
      returning ${productIndexChanges.xid} as xid)
    update ${productIndexPruned}
    set through_xid = greatest(through_xid, coalesce((select max(xid) from deleted), 0))
    returning (select count(*) from deleted)::text as deleted`)
  return Number(rows[0]?.deleted ?? 0)
}

/**
 * Prunes `product_index_changes` on the job queue, once per period across all processes. A row
 * may go once every engine has read it or will reload: its transaction had finished when the
 * horizon was sampled, and an engine that has not refreshed since is more than half the keeping
 * time behind, so it reloads. The horizon travels in a delayed job, so no process keeps state.
 */
export function defineIndexChangePruning(jobs: JobQueue, db: Db): void {
  jobs.define({
    name: SAMPLE_INDEX_HORIZON_JOB,
    schedule: '*/5 * * * *',
    pollSeconds: 10,
    retries: 1,
    async run() {
      const horizon = await readTransactionHorizon(db)
      await jobs.send(
        PRUNE_INDEX_CHANGES_JOB,
        { before: horizon },
        { startAfterSeconds: INDEX_CHANGES_KEPT_MS / 1000 },
      )
    },
  })
  jobs.define<{ before: number }>({
    name: PRUNE_INDEX_CHANGES_JOB,
    pollSeconds: 10,
    async run(job) {
      await pruneIndexChanges(db, job.data.before)
    },
  })
}
