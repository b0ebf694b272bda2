import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { jobs } from '../db/schema/pim.ts'
import { AppError } from '../http/app-error.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { failInterruptedJobs, startJob, waitForJobs } from './start-job.ts'

describe('jobs runner', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await waitForJobs()
    await database.close()
  })

  async function row(id: string) {
    const [found] = await database.db.select().from(jobs).where(eq(jobs.id, id))
    return found!
  }

  it('answers before the work runs, then stores progress and the result', async () => {
    let ran = false
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { id } = await startJob(
      database.db,
      { type: 'test', ownerId: 1, params: { a: 1 }, total: 3 },
      async (job) => {
        ran = true
        await gate
        for (let i = 1; i <= 3; i += 1) job.progress(i)
        return { answer: 42 }
      },
    )
    expect(ran).toBe(false)
    expect(await row(id)).toMatchObject({ status: 'running', done: 0, total: 3, ownerId: 1 })
    release()
    await waitForJobs()
    expect(ran).toBe(true)
    expect(await row(id)).toMatchObject({
      status: 'done',
      done: 3,
      total: 3,
      result: { answer: 42 },
      errorKey: null,
    })
  })

  it('marks a failed job with the error key, or a generic one for unexpected errors', async () => {
    const logged: unknown[] = []
    const log = { error: (object: unknown) => logged.push(object) }
    const known = await startJob(
      database.db,
      { type: 'test', ownerId: 1, params: {}, total: 1, log },
      () => Promise.reject(new AppError(400, 'BAD', 'pimGrid.importBadCsv')),
    )
    const unexpected = await startJob(
      database.db,
      { type: 'test', ownerId: 1, params: {}, total: 1, log },
      () => Promise.reject(new Error('disk full')),
    )
    await waitForJobs()
    expect(await row(known.id)).toMatchObject({
      status: 'failed',
      errorKey: 'pimGrid.importBadCsv',
    })
    expect(await row(unexpected.id)).toMatchObject({
      status: 'failed',
      errorKey: 'pimGrid.jobFailed',
    })
    expect((await row(unexpected.id)).finishedAt).toBeInstanceOf(Date)
    expect(logged).toHaveLength(2)
  })

  it('fails jobs another process left unfinished, never its own running ones', async () => {
    const [leftover] = await database.db
      .insert(jobs)
      .values({ type: 'test', status: 'running', ownerId: 1 })
      .returning({ id: jobs.id })
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const mine = await startJob(
      database.db,
      { type: 'test', ownerId: 1, params: {}, total: 1 },
      async () => {
        await gate
        return {}
      },
    )
    await failInterruptedJobs(database.db)
    expect(await row(leftover!.id)).toMatchObject({
      status: 'failed',
      errorKey: 'pimGrid.jobInterrupted',
    })
    expect((await row(mine.id)).status).toBe('running')
    release()
    await waitForJobs()
    expect((await row(mine.id)).status).toBe('done')
  })
})
