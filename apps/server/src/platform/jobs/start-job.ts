import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { jobs } from '../db/schema/pim.ts'
import { AppError } from '../http/app-error.ts'
import type { JobQueue, QueuedJob } from './job-queue.ts'
import { announceJobFinished } from './job-finished.ts'

/** What a running job may do: read what it was started with, report progress (throttled). */
export interface JobHandle<Params> {
  readonly id: string
  readonly ownerId: number | null
  readonly params: Params
  /** 0 on the first attempt; a retry (after an error or a dead process) starts the work again. */
  readonly attempt: number
  /** Aborted when this process stops before the job is done: the job will be run again elsewhere. */
  readonly signal: AbortSignal
  /** Records how far the job got; `total` may grow once the work is known. */
  progress(done: number, total?: number): void
}

export interface JobLogger {
  error(object: unknown, message: string): void
}

/** A kind of job the back office starts and watches (a `jobs` row with progress and a result). */
export interface TrackedJobDefinition<Params> {
  /** The job's type, stored on its row and naming its queue (`grid.export-csv`). */
  readonly type: string
  /** Does the work; its return value becomes the row's `result`. */
  run(job: JobHandle<Params>): Promise<Record<string, unknown>>
  /** Where a failure's details go (the user only sees the row's `errorKey`). */
  readonly log?: JobLogger | undefined
  /** Attempts after an unexpected error or a dead process (default 2), and the first delay (5 s). */
  readonly retries?: number
  readonly retryDelaySeconds?: number
}

export interface StartJobInput {
  readonly type: string
  readonly ownerId: number
  readonly params: Record<string, unknown>
  readonly total: number
  /** The job's id when the caller needs it first (to store an upload under it). */
  readonly id?: string
}

/** Progress is written at most this often; the final state always is. */
const PROGRESS_INTERVAL_MS = 250

/**
 * Registers the handler of a tracked job type with the queue, in every process. An unexpected
 * error is retried (twice, with backoff) and a process that dies mid-job hands it to another
 * (heartbeat); an AppError, the last failed attempt or a job given up marks the row 'failed'.
 */
export function defineTrackedJob<Params>(
  queue: JobQueue,
  db: Db,
  definition: TrackedJobDefinition<Params>,
): void {
  queue.define<{ jobId: string }>({
    name: definition.type,
    heartbeatSeconds: 10,
    expireInSeconds: 6 * 60 * 60,
    retries: definition.retries ?? 2,
    retryDelaySeconds: definition.retryDelaySeconds ?? 5,
    run: (queued) => execute(queue, db, queued, definition),
    async onDead({ jobId }) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId))
        if (!(await failInterruptedJob(tx, jobId)) || !row) return
        await announceJobFinished(
          queue,
          tx,
          { ...finishedOf(row), status: 'failed', errorKey: 'pimGrid.jobInterrupted' },
          definition.log,
        )
      })
    },
  })
}

/**
 * Marks an unfinished job 'failed' as interrupted: the queue gave it up because the processes
 * running it died on every attempt. A job that finished meanwhile is left alone.
 */
export async function failInterruptedJob(db: Db, jobId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', errorKey: 'pimGrid.jobInterrupted', finishedAt: new Date() })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['queued', 'running'])))
    .returning({ id: jobs.id })
  return rows.length > 0
}

/**
 * Starts a tracked job: its row ('queued') and its queue entry are written in one transaction,
 * so the caller's answer names a job that will run, in this process or another, even after a
 * restart. The handler is the one `defineTrackedJob` registered for the type.
 */
export async function startJob(
  db: Db,
  queue: JobQueue,
  input: StartJobInput,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobs)
      .values({
        id: input.id ?? randomUUID(),
        type: input.type,
        ownerId: input.ownerId,
        params: input.params,
        total: input.total,
        status: 'queued',
      })
      .returning({ id: jobs.id })
    await queue.send(input.type, { jobId: row!.id }, { db: tx })
    return { id: row!.id }
  })
}

/** What the "job finished" listeners hear of a job's row. */
function finishedOf(row: typeof jobs.$inferSelect) {
  return {
    id: row.id,
    type: row.type,
    ownerId: row.ownerId,
    result: (row.result as Record<string, unknown> | null) ?? null,
    errorKey: row.errorKey,
  }
}

async function execute<Params>(
  queue: JobQueue,
  db: Db,
  queued: QueuedJob<{ jobId: string }>,
  definition: TrackedJobDefinition<Params>,
): Promise<void> {
  const id = queued.data.jobId
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
  // Finished already (a retry after the final write), or deleted: nothing to do.
  if (!row || row.status === 'done' || row.status === 'failed') return
  await db.update(jobs).set({ status: 'running', done: 0 }).where(eq(jobs.id, id))
  let lastWrite = 0
  let pending: Promise<unknown> = Promise.resolve()
  let total = row.total
  const handle: JobHandle<Params> = {
    id,
    ownerId: row.ownerId,
    params: row.params as Params,
    attempt: queued.attempt,
    signal: queued.signal,
    progress(done, newTotal) {
      if (newTotal !== undefined) total = newTotal
      const now = Date.now()
      if (now - lastWrite < PROGRESS_INTERVAL_MS) return
      lastWrite = now
      const values = { done, total }
      // Progress writes are chained so a slow one never lands after the final state.
      pending = pending.then(() =>
        db
          .update(jobs)
          .set(values)
          .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
          .catch(() => undefined),
      )
    },
  }
  try {
    const result = await definition.run(handle)
    await pending
    await db.transaction(async (tx) => {
      await tx
        .update(jobs)
        .set({
          status: 'done',
          done: sql`greatest(${jobs.total}, ${total})`,
          total: sql`greatest(${jobs.total}, ${total})`,
          result,
          finishedAt: new Date(),
        })
        .where(eq(jobs.id, id))
      const finished = { ...finishedOf(row), status: 'done' as const, result, errorKey: null }
      await announceJobFinished(queue, tx, finished, definition.log)
    })
  } catch (error) {
    await pending
    definition.log?.error(
      { err: error, jobId: id, jobType: definition.type, attempt: queued.attempt },
      'job failed',
    )
    const final = error instanceof AppError || queued.lastAttempt
    // An unexpected error is worth another attempt; the row stays 'running' meanwhile.
    if (!final) throw error
    const errorKey = error instanceof AppError ? error.key : 'pimGrid.jobFailed'
    await db.transaction(async (tx) => {
      await tx
        .update(jobs)
        .set({ status: 'failed', errorKey, finishedAt: new Date() })
        .where(eq(jobs.id, id))
      const finished = { ...finishedOf(row), status: 'failed' as const, errorKey }
      await announceJobFinished(queue, tx, finished, definition.log)
    })
  }
}
