import type { Db } from '../db/client.ts'
import type { JobQueue } from './job-queue.ts'
import type { JobLogger } from './start-job.ts'

/** A tracked job as it ended: done with its result, or failed with the key of its error. */
export interface FinishedJob {
  readonly id: string
  readonly type: string
  readonly ownerId: number | null
  readonly status: 'done' | 'failed'
  readonly result: Record<string, unknown> | null
  readonly errorKey: string | null
}

/**
 * Hears a tracked job end, inside the transaction that records its end (so what it writes — the
 * owner's notification — exists exactly when the job's final state does).
 */
export type JobFinishedListener = (db: Db, job: FinishedJob) => Promise<void>

/** Per queue, so each app (and each test's app) has its own listeners. */
const listeners = new WeakMap<JobQueue, JobFinishedListener[]>()

/**
 * Adds a listener for the tracked jobs of `queue` ending (issue 20). Platform may not know who
 * listens: app.ts wires identity's notifications here.
 */
export function onJobFinished(queue: JobQueue, listener: JobFinishedListener): void {
  const list = listeners.get(queue) ?? []
  list.push(listener)
  listeners.set(queue, list)
}

/**
 * Tells the listeners a job ended. Each runs in a savepoint of the caller's transaction: a
 * listener that fails is logged and undone alone, never failing the job or the others.
 */
export async function announceJobFinished(
  queue: JobQueue,
  tx: Db,
  job: FinishedJob,
  log?: JobLogger,
): Promise<void> {
  for (const listener of listeners.get(queue) ?? []) {
    try {
      await tx.transaction(async (savepoint) => listener(savepoint as unknown as Db, job))
    } catch (error) {
      log?.error({ err: error, jobId: job.id, jobType: job.type }, 'job finished listener failed')
    }
  }
}
