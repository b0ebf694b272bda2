import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser } from '../../../test/inject-json.ts'
import { waitFor } from '../../../test/kits/wait-for.ts'
import { applicationLog } from '../../platform/db/schema/governance.ts'
import { emailBlocklist } from '../../platform/db/schema/email-log.ts'
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.ts'
import { createMailer } from '../../platform/mail/create-mailer.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { defineTrackedJob, startJob } from '../../platform/jobs/start-job.ts'
import { insertAdminUser } from '../../../test/kits/admin-users-test-kit.ts'

/** The shop's components write to the application log where people look (decision 065). */
let t: TestApp
let admin: string
const queues: JobQueue[] = []

beforeAll(async () => {
  t = await buildTestApp()
  admin = await signInNewUser(t.database.db, { username: 'applog-writers', isAdmin: true })
})
afterAll(async () => {
  for (const queue of queues) await queue.stop()
  await t.close()
})

function entriesOf(component: string) {
  return t.database.db
    .select()
    .from(applicationLog)
    .where(eq(applicationLog.component, component))
    .orderBy(applicationLog.id)
}

describe('writers', () => {
  it('a refused redirects import leaves a warning with its rejected lines as the file object', async () => {
    const boundary = 'applogboundary'
    const csv = 'source,target\n/cs/applog-ok,/cs/contact\n/cs/applog-bad,=cmd|calc\n'
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/bundle/seo/redirects/csv-import',
      headers: {
        cookie: admin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-request-id': 'applog-import-1',
      },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="r.csv"',
        'Content-Type: text/csv',
        '',
        csv,
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    })
    expect(response.statusCode).toBe(400)
    const [entry] = await entriesOf('import.redirects')
    expect(entry).toMatchObject({ priority: 4, requestId: 'applog-import-1' })
    expect(entry?.message).toContain('/cs/applog-bad')
    expect(entry?.fileObject).toMatch(/^line 3: seoRedirects\.error\.targetForm — \/cs\/applog-bad/)
    expect(entry?.context).toEqual({ rejected: 1, firstLine: 3 })
  })

  it('a mail to a blocked address leaves a notice naming the mail, not the address', async () => {
    await t.database.db.insert(emailBlocklist).values({ address: 'blocked-applog@example.com' })
    const mailer = createMailer(
      { MAIL_TRANSPORT: 'log', PUBLIC_URL: 'http://localhost' },
      t.database.db,
      t.jobs,
    )
    const sent = await mailer.send(
      {},
      { to: 'blocked-applog@example.com', subject: 'Hello', text: 'Hi' },
    )
    expect(sent.status).toBe('blocked')
    const [entry] = await entriesOf('mail')
    expect(entry).toMatchObject({ priority: 5, context: { emailLogId: sent.id, subject: 'Hello' } })
    expect(JSON.stringify(entry)).not.toContain('blocked-applog@example.com')
  })

  it('a failing job logs a warning per retried attempt and an error when given up', async () => {
    const queue = createJobQueue(t.database, { stopTimeoutMs: 1_000 })
    queue.define<{ n: number; password: string }>({
      name: 'test.applog-failing',
      retries: 1,
      retryDelaySeconds: 1,
      pollSeconds: 1,
      async run() {
        throw new Error('the printer is on fire')
      },
    })
    queues.push(queue)
    await queue.start()
    await queue.send('test.applog-failing', { n: 1, password: 'hunter2' })
    const entries = await waitFor('both attempts logged', async () => {
      const rows = await t.database.db
        .select()
        .from(applicationLog)
        .where(
          and(
            eq(applicationLog.component, 'jobs'),
            like(applicationLog.message, '%applog-failing%'),
          ),
        )
        .orderBy(applicationLog.id)
      return rows.length >= 2 ? rows : undefined
    })
    expect(entries.map((e) => e.priority)).toEqual([4, 3])
    expect(entries[0]?.message).toContain('retrying: the printer is on fire')
    expect(entries[1]?.message).toContain('failed on its last attempt')
    expect(entries[1]?.fileObject).toContain('Error: the printer is on fire')
    expect(JSON.stringify(entries[0]?.context)).not.toContain('hunter2')
  })

  it('a tracked job refused with an AppError logs its final failure once', async () => {
    const ownerId = await insertAdminUser(t.database.db, { username: 'applog-job-owner' })
    const queue = createJobQueue(t.database, { stopTimeoutMs: 1_000 })
    defineTrackedJob(queue, t.database.db, {
      type: 'test.applog-tracked',
      async run() {
        throw new AppError(400, 'BAD_FILE', 'applicationLog.error.notFound')
      },
    })
    queues.push(queue)
    await queue.start()
    const { id } = await startJob(t.database.db, queue, {
      type: 'test.applog-tracked',
      ownerId,
      params: {},
      total: 1,
    })
    const [entry] = await waitFor('the tracked failure logged', async () => {
      const rows = await t.database.db
        .select()
        .from(applicationLog)
        .where(like(applicationLog.message, 'Job test.applog-tracked failed%'))
      return rows.length > 0 ? rows : undefined
    })
    expect(entry).toMatchObject({ priority: 3, component: 'jobs', source: 'start-job' })
    expect(entry?.context).toMatchObject({ jobId: id, errorKey: 'applicationLog.error.notFound' })
    expect(entry?.fileObject).toBeNull()
  })
})
