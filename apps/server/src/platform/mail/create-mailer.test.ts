import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { emailBlocklist } from '../db/schema/email-log.ts'
import { emailLog } from '../db/schema/identity.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { waitForMailRow } from '../../../test/kits/jobs-test-kit.ts'
import { startSmtpTestServer } from '../../../test/kits/smtp-test-server.ts'
import { createJobQueue, type JobQueue } from '../jobs/job-queue.ts'
import { createMailer, defineMailDelivery, type MailerOptions } from './create-mailer.ts'

describe('mailer on the job queue', () => {
  let database: Database
  const queues: JobQueue[] = []
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    for (const queue of queues) await queue.stop()
    await database.close()
  })

  async function mailerFor(transport: string, options: MailerOptions = {}) {
    const queue = createJobQueue(database, { stopTimeoutMs: 1_000 })
    const env = { MAIL_TRANSPORT: transport, PUBLIC_URL: 'https://shop.example' }
    defineMailDelivery(queue, database.db, env, options)
    const mailer = createMailer(env, database.db, queue)
    queues.push(queue)
    await queue.start()
    return { mailer, queue }
  }

  it('queues the mail in email_log, logs a line without the body, and a worker marks it logged', async () => {
    const { mailer, queue } = await mailerFor('log')
    const lines: object[] = []
    const log = { info: (o: object) => lines.push(o), error: (o: object) => lines.push(o) }
    const result = await mailer.send(
      { requestId: 'req-1', log },
      { to: 'anna@example.com', subject: 'Hello', text: 'secret link https://x/?token=abc' },
    )
    expect(result.status).toBe('queued')
    const [queued] = await database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, 'anna@example.com'))
    expect(queued).toMatchObject({
      subject: 'Hello',
      text: 'secret link https://x/?token=abc',
      from: 'Optika <no-reply@shop.example>',
      transport: 'log',
    })
    expect(lines).toHaveLength(1)
    expect(JSON.stringify(lines)).not.toContain('token=abc')
    expect(JSON.stringify(lines)).toContain('anna@example.com')
    expect(await waitForMailRow(database.db, result.id)).toMatchObject({ status: 'logged' })
    await queue.stop()
  })

  it('queues a mail in the caller transaction: a rollback leaves neither row nor job', async () => {
    const { mailer, queue } = await mailerFor('log')
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.send({ db: tx }, { to: 'rolled@example.com', subject: 'No', text: 'x' })
        throw new Error('the order failed')
      }),
    ).rejects.toThrow('the order failed')
    const committed = await database.db.transaction((tx) =>
      mailer.send({ db: tx }, { to: 'kept@example.com', subject: 'Yes', text: 'x' }),
    )
    expect(await waitForMailRow(database.db, committed.id)).toMatchObject({ status: 'logged' })
    const rolled = await database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, 'rolled@example.com'))
    expect(rolled).toHaveLength(0)
    await queue.stop()
  })

  it('retries a send the SMTP server refused, and it lands', async () => {
    const smtp = await startSmtpTestServer(1)
    try {
      const { mailer, queue } = await mailerFor(`smtp://127.0.0.1:${smtp.port}`, {
        retryDelaySeconds: 1,
      })
      const { id } = await mailer.send(
        {},
        { to: 'retry@example.com', subject: 'Second time lucky', text: 'Hello again' },
      )
      const row = await waitForMailRow(database.db, id)
      expect(row).toMatchObject({ status: 'sent', error: null, transport: 'smtp' })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]).toContain('Subject: Second time lucky')
      await queue.stop()
    } finally {
      await smtp.close()
    }
  })

  it('marks a mail failed with the error after the last retry (the dead letter)', async () => {
    const smtp = await startSmtpTestServer(Number.POSITIVE_INFINITY)
    try {
      const { mailer, queue } = await mailerFor(`smtp://127.0.0.1:${smtp.port}`, {
        retries: 1,
        retryDelaySeconds: 1,
      })
      const { id } = await mailer.send({}, { to: 'dead@example.com', subject: 'Never', text: 'x' })
      const row = await waitForMailRow(database.db, id)
      expect(row.status).toBe('failed')
      expect(row.error).toMatch(/421|try again/)
      await queue.stop()
    } finally {
      await smtp.close()
    }
  })

  it('never sends to a blocklisted address: recorded as blocked at once, or when its turn comes', async () => {
    const smtp = await startSmtpTestServer(0)
    try {
      const { mailer, queue } = await mailerFor(`smtp://127.0.0.1:${smtp.port}`)
      await database.db.insert(emailBlocklist).values({ address: 'blocked@example.com' })
      const blocked = await mailer.send(
        {},
        { to: 'Blocked@Example.com', subject: 'Not for you', text: 'x' },
      )
      expect(blocked.status).toBe('blocked')
      const [row] = await database.db.select().from(emailLog).where(eq(emailLog.id, blocked.id))
      expect(row!.status).toBe('blocked')
      // Blocked while it waited in the queue: the worker checks again and does not send it.
      await queue.stop()
      const waiting = await mailer.send({}, { to: 'late@example.com', subject: 'Late', text: 'x' })
      expect(waiting.status).toBe('queued')
      await database.db.insert(emailBlocklist).values({ address: 'late@example.com' })
      const { queue: second } = await mailerFor(`smtp://127.0.0.1:${smtp.port}`)
      expect((await waitForMailRow(database.db, waiting.id)).status).toBe('blocked')
      expect(smtp.received).toHaveLength(0)
      await second.stop()
    } finally {
      await smtp.close()
    }
  })

  it('refuses an unknown transport', () => {
    const queue = createJobQueue(database)
    expect(() =>
      createMailer(
        { MAIL_TRANSPORT: 'carrier-pigeon', PUBLIC_URL: 'http://x' },
        database.db,
        queue,
      ),
    ).toThrow(/MAIL_TRANSPORT/)
  })
})
