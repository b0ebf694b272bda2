import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { waitForQueuedJob } from '../../../test/kits/jobs-test-kit.ts'
import { createJobQueue, type JobQueue } from './job-queue.ts'

describe('the job queue under a backlog', () => {
  let database: Database
  let queue: JobQueue
  const ran: number[] = []
  const attempts = new Map<number, number>()

  beforeAll(async () => {
    database = await createTestDatabase()
    // Polls every 30 s: only fetching again while batches come back full drains a backlog.
    queue = createJobQueue(database, { stopTimeoutMs: 1_000 })
    queue.define<{ n: number }>({
      name: 'test.backlog',
      pollSeconds: 30,
      retries: 0,
      async run(job) {
        attempts.set(job.data.n, (attempts.get(job.data.n) ?? 0) + 1)
        if (job.data.n === 7) throw new Error('job 7 fails')
        ran.push(job.data.n)
      },
    })
    await queue.start()
  })
  afterAll(async () => {
    await queue.stop()
    await database.close()
  })

  it('runs a burst of jobs one after another without a poll between them', async () => {
    const ids: string[] = []
    for (let n = 0; n < 40; n++) ids.push(await queue.send('test.backlog', { n }))
    // Job 7's retry waits for its delay and the next poll; every other job is done well before.
    for (const [n, id] of ids.entries()) {
      if (n !== 7) expect(await waitForQueuedJob(database.db, id, 20_000)).toBe('completed')
    }
    expect(new Set(ran)).toEqual(
      new Set(Array.from({ length: 40 }, (_, n) => n).filter((n) => n !== 7)),
    )
    // A failed job fails alone: the others of its batch ran once and completed.
    expect(await waitForQueuedJob(database.db, ids[7]!)).toBe('failed')
    expect(attempts.get(7)).toBe(1)
    expect([...attempts].filter(([n, count]) => n !== 7 && count !== 1)).toEqual([])
  })
})
