import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/client.ts'
import { notifications } from '../../platform/db/schema/governance.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { onJobFinished } from '../../platform/jobs/job-finished.ts'
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.ts'
import { defineTrackedJob, startJob } from '../../platform/jobs/start-job.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { insertAdminUser } from '../../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { notifyJobOwner } from './notify-job-owner.ts'

describe('finished tracked jobs notify their owners', () => {
  let database: Database
  let queue: JobQueue
  let ownerId: number
  beforeAll(async () => {
    database = await createTestDatabase()
    ownerId = await insertAdminUser(database.db, { username: 'job-owner' })
    queue = createJobQueue(database, { stopTimeoutMs: 1_000 })
    onJobFinished(queue, notifyJobOwner)
    // A listener that fails is undone alone: the job and the owner's notification stand.
    onJobFinished(queue, async () => {
      throw new Error('a broken listener')
    })
    defineTrackedJob(queue, database.db, {
      type: 'export-csv',
      run: async () => ({ fileName: 'objects.csv' }),
    })
    defineTrackedJob(queue, database.db, {
      type: 'asset.copy',
      retries: 0,
      run: async () => {
        throw new AppError(400, 'BAD', 'pimGrid.jobFailed')
      },
    })
    await queue.start()
  })
  afterAll(async () => {
    await queue.stop()
    await database.close()
  })

  async function notificationsOf(jobId: string) {
    const rows = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, ownerId))
    return rows.filter((row) => JSON.stringify(row.params).includes(jobId) || row.type === 'error')
  }

  it('a finished export tells its owner, with a link to the file', async () => {
    const { id } = await startJob(database.db, queue, {
      type: 'export-csv',
      ownerId,
      params: {},
      total: 1,
    })
    const row = await waitForJobRow(database.db, id)
    expect(row.status).toBe('done')
    const [notification] = await notificationsOf(id)
    expect(notification).toMatchObject({
      type: 'job',
      title: 'notifications.job.doneTitle',
      params: {
        kindKey: 'notifications.jobKind.objectExport',
        link: `/admin/object-helper/download-csv-file?jobId=${id}`,
      },
    })
  })

  it('a failed copy tells its owner why', async () => {
    const { id } = await startJob(database.db, queue, {
      type: 'asset.copy',
      ownerId,
      params: {},
      total: 1,
    })
    const row = await waitForJobRow(database.db, id)
    expect(row.status).toBe('failed')
    const rows = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'notifications.job.failedTitle'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      recipientId: ownerId,
      type: 'error',
      params: { kindKey: 'notifications.jobKind.assetCopy', reasonKey: 'pimGrid.jobFailed' },
    })
  })
})
