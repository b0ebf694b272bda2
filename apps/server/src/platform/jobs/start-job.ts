import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { jobs } from '../db/schema/pim.ts'
import { AppError } from '../http/app-error.ts'

/** What a running job may do: report progress (written to the row, throttled). */
export interface JobHandle {
  readonly id: string
  /** Records how far the job got; `total` may grow once the work is known. */
  progress(done: number, total?: number): void
}

export interface JobLogger {
  error(object: unknown, message: string): void
}

export interface StartJobInput {
  readonly type: string
  readonly ownerId: number
  readonly params: Record<string, unknown>
  readonly total: number
  /** Where a failure's details go (the user only sees `errorKey`). */
  readonly log?: JobLogger | undefined
}

/** Progress is written at most this often; the final state always is. */
const PROGRESS_INTERVAL_MS = 250
const running = new Set<Promise<void>>()
/** Ids of the jobs this process runs: never "interrupted". */
const runningIds = new Set<string>()

/**
 * Creates a job row and runs `run` in this process after the caller's response is sent. The row
 * tracks progress; the run's return value becomes `result` ('done'), a thrown error marks it
 * 'failed' with the AppError's key (or `pimGrid.jobFailed`) and is logged.
 */
export async function startJob(
  db: Db,
  input: StartJobInput,
  run: (job: JobHandle) => Promise<Record<string, unknown>>,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(jobs)
    .values({
      type: input.type,
      ownerId: input.ownerId,
      params: input.params,
      total: input.total,
      status: 'running',
    })
    .returning({ id: jobs.id })
  const id = row!.id
  const work = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
    execute(db, id, input, run),
  )
  running.add(work)
  runningIds.add(id)
  void work.finally(() => {
    running.delete(work)
    runningIds.delete(id)
  })
  return { id }
}

async function execute(
  db: Db,
  id: string,
  input: StartJobInput,
  run: (job: JobHandle) => Promise<Record<string, unknown>>,
): Promise<void> {
  let lastWrite = 0
  let pending: Promise<unknown> = Promise.resolve()
  let total = input.total
  const handle: JobHandle = {
    id,
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
    const result = await run(handle)
    await pending
    await db
      .update(jobs)
      .set({
        status: 'done',
        done: sql`greatest(${jobs.total}, ${total})`,
        total: sql`greatest(${jobs.total}, ${total})`,
        result,
        finishedAt: new Date(),
      })
      .where(eq(jobs.id, id))
  } catch (error) {
    await pending
    input.log?.error({ err: error, jobId: id, jobType: input.type }, 'job failed')
    const errorKey = error instanceof AppError ? error.key : 'pimGrid.jobFailed'
    await db
      .update(jobs)
      .set({ status: 'failed', errorKey, finishedAt: new Date() })
      .where(eq(jobs.id, id))
      .catch(() => undefined)
  }
}

/** Resolves when every job started in this process has finished (server shutdown, tests). */
export async function waitForJobs(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running])
}

/**
 * A job that was running when its process stopped never finishes: marks every unfinished job
 * this process does not run as failed. Meant for server start.
 */
export async function failInterruptedJobs(db: Db): Promise<number> {
  const mine = [...runningIds]
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', errorKey: 'pimGrid.jobInterrupted', finishedAt: new Date() })
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        mine.length > 0 ? notInArray(jobs.id, mine) : undefined,
      ),
    )
    .returning({ id: jobs.id })
  return rows.length
}

/** The file of a job's result: DATA_DIR/exports/<jobId>.<ext> (the folder is created). */
export async function jobFilePath(dataDir: string, jobId: string, ext: string): Promise<string> {
  const dir = join(dataDir, 'exports')
  await mkdir(dir, { recursive: true })
  return join(dir, `${jobId}.${ext}`)
}
