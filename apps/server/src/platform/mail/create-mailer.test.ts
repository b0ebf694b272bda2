import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { emailLog } from '../db/schema/identity.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { createMailer } from './create-mailer.ts'

describe('mailer with the log transport', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  it('records the mail in email_log and logs a line without the body', async () => {
    const mailer = createMailer(
      { MAIL_TRANSPORT: 'log', PUBLIC_URL: 'https://shop.example' },
      database.db,
    )
    const lines: object[] = []
    const log = { info: (o: object) => lines.push(o), error: (o: object) => lines.push(o) }
    const result = await mailer.send(
      { requestId: 'req-1', log },
      { to: 'anna@example.com', subject: 'Hello', text: 'secret link https://x/?token=abc' },
    )
    expect(result.status).toBe('logged')
    const rows = await database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, 'anna@example.com'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      subject: 'Hello',
      text: 'secret link https://x/?token=abc',
      from: 'Optika <no-reply@shop.example>',
      transport: 'log',
      status: 'logged',
    })
    expect(lines).toHaveLength(1)
    expect(JSON.stringify(lines)).not.toContain('token=abc')
    expect(JSON.stringify(lines)).toContain('anna@example.com')
  })

  it('refuses an unknown transport', () => {
    expect(() =>
      createMailer({ MAIL_TRANSPORT: 'carrier-pigeon', PUBLIC_URL: 'http://x' }, database.db),
    ).toThrow(/MAIL_TRANSPORT/)
  })
})
