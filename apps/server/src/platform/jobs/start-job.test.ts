import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { MIGRATIONS_FOLDER } from '../db/migrate.ts'
import { jobs } from '../db/schema/pim.ts'
import { AppError } from '../http/app-error.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { waitFor } from '../../../test/kits/wait-for.ts'
import { createJobQueue, type JobQueue } from './job-queue.ts'
import { defineTrackedJob, startJob, type TrackedJobDefinition } from './start-job.ts'

describe('tracked jobs on the queue', () => {
  let database: Database
  const queues: JobQueue[] = []
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    for (const queue of queues) await queue.stop()
    await database.close()
  })

  /** A queue with the given tracked job types, started (a process of the shop). */
  async function startQueue(
    definitions: TrackedJobDefinition<Record<string, unknown>>[],
    options: { work?: boolean } = {},
  ): Promise<JobQueue> {
    const queue = createJobQueue(database, { ...options, stopTimeoutMs: 1_000 })
    for (const definition of definitions) defineTrackedJob(queue, database.db, definition)
    queues.push(queue)
    await queue.start()
    return queue
  }

  async function row(id: string) {
    const [found] = await database.db.select().from(jobs).where(eq(jobs.id, id))
    return found!
  }

  it('answers before the work runs, then stores progress and the result', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let seenParams: unknown
    const queue = await startQueue([
      {
        type: 'test-progress',
        async run(job) {
          seenParams = job.params
          job.progress(1)
          await gate
          for (let i = 1; i <= 3; i += 1) job.progress(i)
          return { answer: 42 }
        },
      },
    ])
    const { id } = await startJob(database.db, queue, {
      type: 'test-progress',
      ownerId: 1,
      params: { a: 1 },
      total: 3,
    })
    expect((await row(id)).ownerId).toBe(1)
    await waitFor('the job to run', async () => (await row(id)).status === 'running')
    release()
    expect(await waitForJobRow(database.db, id)).toMatchObject({
      status: 'done',
      done: 3,
      total: 3,
      result: { answer: 42 },
      errorKey: null,
    })
    expect(seenParams).toEqual({ a: 1 })
  })

  it('fails at once with the key of an AppError, and retries an unexpected error', async () => {
    const logged: unknown[] = []
    const log = { error: (object: unknown) => logged.push(object) }
    let flaky = 0
    const queue = await startQueue([
      {
        type: 'test-known',
        log,
        run: () => Promise.reject(new AppError(400, 'BAD', 'pimGrid.importBadCsv')),
      },
      {
        type: 'test-unexpected',
        log,
        retries: 1,
        retryDelaySeconds: 1,
        run: () => Promise.reject(new Error('disk full')),
      },
      {
        type: 'test-flaky',
        retries: 1,
        retryDelaySeconds: 1,
        async run(job) {
          flaky += 1
          if (job.attempt === 0) throw new Error('the database blinked')
          return { attempt: job.attempt }
        },
      },
    ])
    const start = (type: string) =>
      startJob(database.db, queue, { type, ownerId: 1, params: {}, total: 1 })
    const known = await start('test-known')
    const unexpected = await start('test-unexpected')
    const flakyJob = await start('test-flaky')
    expect(await waitForJobRow(database.db, known.id)).toMatchObject({
      status: 'failed',
      errorKey: 'pimGrid.importBadCsv',
    })
    const failed = await waitForJobRow(database.db, unexpected.id)
    expect(failed).toMatchObject({ status: 'failed', errorKey: 'pimGrid.jobFailed' })
    expect(failed.finishedAt).toBeInstanceOf(Date)
    expect(await waitForJobRow(database.db, flakyJob.id)).toMatchObject({
      status: 'done',
      result: { attempt: 1 },
    })
    expect(flaky).toBe(2)
    // One line for the known failure, one per attempt of the unexpected one.
    expect(logged).toHaveLength(3)
  })

  it('runs a job another process queued and left, like after a restart', async () => {
    const definition = {
      type: 'test-handover',
      run: async () => ({ ranBy: 'second' }),
    }
    // The first "process" only enqueues (its workers never run), then stops.
    const first = await startQueue([definition], { work: false })
    const { id } = await startJob(database.db, first, {
      type: 'test-handover',
      ownerId: 1,
      params: {},
      total: 1,
    })
    await first.stop()
    expect((await row(id)).status).toBe('queued')
    await startQueue([definition])
    expect(await waitForJobRow(database.db, id)).toMatchObject({
      status: 'done',
      result: { ranBy: 'second' },
    })
  })

  it('hands a job whose process stopped mid-work to another process', async () => {
    let attempts = 0
    const hang = {
      type: 'test-stopped',
      retryDelaySeconds: 1,
      async run(job: { attempt: number; signal: AbortSignal }) {
        attempts += 1
        // The first process does not finish: it is stopped while the job runs.
        if (job.attempt === 0) {
          await new Promise((resolve) => job.signal.addEventListener('abort', resolve))
          throw new Error('stopped')
        }
        return { attempt: job.attempt }
      },
    }
    const first = await startQueue([hang])
    const { id } = await startJob(database.db, first, {
      type: 'test-stopped',
      ownerId: 1,
      params: {},
      total: 1,
    })
    await waitFor('the first attempt', () => attempts === 1)
    await first.stop()
    await startQueue([hang])
    expect(await waitForJobRow(database.db, id)).toMatchObject({
      status: 'done',
      result: { attempt: 1 },
    })
  })
})

describe('jobs of the in-process runner that came before the queue', () => {
  it('are failed as interrupted by migration 0009, finished ones untouched', async () => {
    const database = await createTestDatabase()
    try {
      const [left, finished] = await database.db
        .insert(jobs)
        .values([
          { type: 'export-csv', ownerId: 1, params: {}, total: 5, status: 'running' },
          { type: 'export-csv', ownerId: 1, params: {}, total: 5, status: 'done' },
        ])
        .returning({ id: jobs.id })
      const migration = await readFile(
        join(MIGRATIONS_FOLDER, '0009_fail_jobs_of_the_in_process_runner.sql'),
        'utf8',
      )
      await database.db.execute(sql.raw(migration))
      const rows = await database.db.select().from(jobs)
      expect(rows.find((r) => r.id === left!.id)).toMatchObject({
        status: 'failed',
        errorKey: 'pimGrid.jobInterrupted',
      })
      expect(rows.find((r) => r.id === finished!.id)).toMatchObject({ status: 'done' })
    } finally {
      await database.close()
    }
  })
})
