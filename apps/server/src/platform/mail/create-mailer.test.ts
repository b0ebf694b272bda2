import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { emailLog } from '../db/schema/identity.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { waitForMailRow } from '../../../test/kits/jobs-test-kit.ts'
import { createJobQueue, type JobQueue } from '../jobs/job-queue.ts'
import { createMailer, defineMailDelivery, type MailerOptions } from './create-mailer.ts'

/**
 * A tiny SMTP server on 127.0.0.1: it refuses the first `refuse` conversations (421 at the
 * greeting), then accepts mail and keeps what it received.
 */
async function startSmtpServer(refuse: number): Promise<{
  port: number
  received: string[]
  close(): Promise<void>
}> {
  const received: string[] = []
  let conversations = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    conversations += 1
    if (conversations <= refuse) {
      socket.end('421 try again later\r\n')
      return
    }
    socket.setEncoding('utf8')
    socket.write('220 test ESMTP\r\n')
    let buffer = ''
    let inData = false
    let message = ''
    socket.on('data', (chunk: string) => {
      buffer += chunk
      let end = buffer.indexOf('\r\n')
      while (end >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(message)
            message = ''
            socket.write('250 queued\r\n')
          } else message += `${line}\n`
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n')
        else if (/^DATA/i.test(line)) {
          inData = true
          socket.write('354 go on\r\n')
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
        end = buffer.indexOf('\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

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
    const smtp = await startSmtpServer(1)
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
    const smtp = await startSmtpServer(Number.POSITIVE_INFINITY)
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
