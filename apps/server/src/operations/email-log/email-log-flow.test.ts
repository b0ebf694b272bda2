import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { emailBlocklist } from '../../platform/db/schema/email-log.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { ensureDefaultEmailDocuments } from '../../cms/mails/default-email-documents.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, injectJson, signInNewUser } from '../../../test/inject-json.ts'
import { waitForMailRow } from '../../../test/kits/jobs-test-kit.ts'

const RESET_TOKEN = 'Zq81xW4k_2mPv7sLrT9bN3cY'
const RESET_TEXT = `Hello,\nset a new password: https://shop.example/en/new-password?token=${RESET_TOKEN}\n`
const RESET_HTML = `<p>Hello,</p><p><a href="https://shop.example/en/new-password?token=${RESET_TOKEN}">Set a new password</a></p><script>alert(1)</script>`

interface Page {
  items: { id: number; to: string; subject: string; status: string; resentFromId: number | null }[]
  total: number
}

describe('the e-mail log, its blocklist and the mailer', () => {
  let t: TestApp
  let reader: string
  let secretReader: string
  let resetId: number

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    reader = await signInNewUser(db, { username: 'log-reader', permissions: ['emails'] })
    secretReader = await signInNewUser(db, {
      username: 'log-secrets',
      permissions: ['emails', 'emailSecrets'],
    })
    const [reset] = await db
      .insert(emailLog)
      .values({
        to: 'reset.person@example.com',
        from: 'no-reply@shop.example',
        subject: 'Your password reset',
        text: RESET_TEXT,
        html: RESET_HTML,
        transport: 'log',
        status: 'logged',
        createdAt: new Date('2026-03-10T10:00:00Z'),
      })
      .returning()
    resetId = reset!.id
    await db.insert(emailLog).values([
      {
        to: 'failed.person@example.com',
        from: 'no-reply@shop.example',
        subject: 'Order 2026000555 confirmed',
        text: 'x',
        transport: 'smtp',
        status: 'failed',
        error: 'connection refused',
        createdAt: new Date('2026-03-12T08:00:00Z'),
      },
    ])
  })
  afterAll(() => t.close())

  it('searches recipient and subject, and filters by status and by days', async () => {
    const bySubject = await injectJson<Page>(
      t.app,
      'GET',
      '/admin/email/email-logs?q=2026000555',
      reader,
    )
    expect(bySubject.body.items.map((item) => item.to)).toEqual(['failed.person@example.com'])
    const failed = await injectJson<Page>(
      t.app,
      'GET',
      '/admin/email/email-logs?status=failed',
      reader,
    )
    expect(failed.body.items.every((item) => item.status === 'failed')).toBe(true)
    expect(failed.body.total).toBeGreaterThanOrEqual(1)
    const day = await injectJson<Page>(
      t.app,
      'GET',
      '/admin/email/email-logs?from=2026-03-10&until=2026-03-10',
      reader,
    )
    expect(day.body.items.map((item) => item.id)).toEqual([resetId])
    // Pimcore's POST form of the list answers the same.
    const posted = await injectJson<Page>(t.app, 'POST', '/admin/email/email-logs', reader, {
      filter: 'reset.person',
    })
    expect(posted.body.items.map((item) => item.id)).toEqual([resetId])
    const bad = await injectJson<{ code: string }>(
      t.app,
      'GET',
      '/admin/email/email-logs?from=yesterday',
      reader,
    )
    expect(bad.status).toBe(400)
  })

  it('masks a reset link’s token without emailSecrets and shows it exactly with it', async () => {
    const masked = await injectJson<{ text: string; html: string; masked: boolean }>(
      t.app,
      'GET',
      `/admin/email/show-email-log?id=${resetId}&type=details`,
      reader,
    )
    expect(masked.status).toBe(200)
    expect(masked.body.masked).toBe(true)
    expect(masked.body.text).not.toContain(RESET_TOKEN)
    expect(masked.body.html).not.toContain(RESET_TOKEN)
    expect(masked.body.text).toContain('https://shop.example/en/new-password?token=')
    const legacy = await injectJson<{ text: string }>(
      t.app,
      'GET',
      `/admin/email/show-email-log/${resetId}`,
      reader,
    )
    expect(legacy.body.text).not.toContain(RESET_TOKEN)
    const exact = await injectJson<{ text: string; html: string; masked: boolean }>(
      t.app,
      'GET',
      `/admin/email/show-email-log/${resetId}`,
      secretReader,
    )
    expect(exact.body).toMatchObject({ text: RESET_TEXT, html: RESET_HTML, masked: false })
  })

  it('serves the HTML alone in a sandbox, so its script never runs in the back office', async () => {
    const response = await injectAs(
      t.app,
      'GET',
      `/admin/email/show-email-log?id=${resetId}&type=html`,
      reader,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/)
    expect(response.headers['content-security-policy']).not.toMatch(/script-src/)
    expect(response.body).not.toContain(RESET_TOKEN)
    const text = await injectAs(
      t.app,
      'GET',
      `/admin/email/show-email-log?id=${resetId}&type=text`,
      reader,
    )
    expect(text.headers['content-type']).toMatch(/^text\/plain/)
  })

  it('resends a mail exactly as it was, as a new entry that names the old one, audited', async () => {
    const resent = await injectJson<{ emailLogId: number; status: string }>(
      t.app,
      'POST',
      '/admin/email/resend-email',
      reader,
      { id: resetId },
    )
    expect(resent.status).toBe(200)
    expect(resent.body.status).toBe('queued')
    const row = await waitForMailRow(t.database.db, resent.body.emailLogId)
    expect(row).toMatchObject({
      to: 'reset.person@example.com',
      text: RESET_TEXT,
      html: RESET_HTML,
      resentFromId: resetId,
      status: 'logged',
    })
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'emailLog.resend'), eq(auditLog.entityId, String(resetId))))
    expect(audits).toHaveLength(1)
    expect(
      (await injectJson(t.app, 'POST', '/admin/email/resend-email', reader, { id: 99_999_999 }))
        .status,
    ).toBe(404)
  })

  it('keeps a blocklist: create, read, refuse a duplicate or a bad address, destroy', async () => {
    const created = await injectJson<{ data: { id: number; address: string }[] }>(
      t.app,
      'POST',
      '/admin/email/blocklist',
      reader,
      {
        xaction: 'create',
        data: JSON.stringify({ address: ' Blocked.Person@Example.com ', reason: 'asked' }),
      },
    )
    expect(created.status).toBe(200)
    expect(created.body.data[0]!.address).toBe('blocked.person@example.com')
    const duplicate = await injectJson<{ code: string }>(
      t.app,
      'POST',
      '/admin/email/blocklist',
      reader,
      {
        xaction: 'create',
        data: { address: 'BLOCKED.person@example.com' },
      },
    )
    expect(duplicate.status).toBe(409)
    // One bad record of two: nothing is written.
    const before = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailBlocklist)
    const bad = await injectJson<{ code: string; message: string }>(
      t.app,
      'POST',
      '/admin/email/blocklist',
      reader,
      { xaction: 'create', data: [{ address: 'fine@example.com' }, { address: 'not an address' }] },
    )
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('INVALID_BLOCKLIST_ENTRY')
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(emailBlocklist)
    expect(after[0]!.n).toBe(before[0]!.n)
    const read = await injectJson<{ data: { address: string }[]; total: number }>(
      t.app,
      'POST',
      '/admin/email/blocklist',
      reader,
      { xaction: 'read', filter: 'blocked.person' },
    )
    expect(read.body.data.map((entry) => entry.address)).toEqual(['blocked.person@example.com'])
    const other = await injectJson<{ data: { id: number }[] }>(
      t.app,
      'POST',
      '/admin/email/blocklist',
      reader,
      {
        xaction: 'create',
        data: { address: 'gone@example.com' },
      },
    )
    const destroyed = await injectJson(t.app, 'POST', '/admin/email/blocklist', reader, {
      xaction: 'destroy',
      data: { id: other.body.data[0]!.id },
    })
    expect(destroyed.status).toBe(200)
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'emailBlocklist'))
    expect(actions.map((a) => a.action).sort()).toEqual([
      'emailBlocklist.create',
      'emailBlocklist.create',
      'emailBlocklist.delete',
    ])
  })

  it('does not send to a blocked address: the test mail and the resend are logged as blocked', async () => {
    const test = await injectJson<{ emailLogId: number; status: string }>(
      t.app,
      'POST',
      '/admin/email/send-test-email',
      reader,
      { emailType: 'text', to: 'Blocked.Person@example.com', subject: 'Hi', content: 'Test' },
    )
    expect(test.status).toBe(200)
    expect(test.body.status).toBe('blocked')
    const [row] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.id, test.body.emailLogId))
    expect(row!.status).toBe('blocked')
    const resent = await injectJson<{ emailLogId: number; status: string }>(
      t.app,
      'POST',
      '/admin/email/resend-email',
      reader,
      { id: test.body.emailLogId },
    )
    expect(resent.body.status).toBe('blocked')
    const blocked = await injectJson<Page>(
      t.app,
      'GET',
      '/admin/email/email-logs?status=blocked',
      reader,
    )
    expect(blocked.body.items.map((item) => item.id)).toContain(resent.body.emailLogId)
  })

  it('sends a test mail as sanitized HTML, or from an e-mail document with placeholder values', async () => {
    const html = await injectJson<{ emailLogId: number }>(
      t.app,
      'POST',
      '/admin/email/send-test-email',
      reader,
      {
        emailType: 'html',
        to: 'tester@example.com',
        subject: 'HTML test',
        content: '<p onclick="x()">Hello <b>there</b></p><script>alert(1)</script>',
      },
    )
    expect(html.status).toBe(200)
    const [htmlRow] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.id, html.body.emailLogId))
    expect(htmlRow!.html).toContain('<b>there</b>')
    expect(htmlRow!.html).not.toMatch(/script|onclick/)
    expect(htmlRow!.text).toContain('Hello there')

    await ensureDefaultEmailDocuments(t.database.db)
    const [doc] = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.type, 'email'),
          eq(documents.path, '/en/emails/'),
          sql`${documents.settings}->>'mailKind' = 'password-reset'`,
        ),
      )
    // The editor needs the document's view right: an administrator has it.
    const admin = await signInNewUser(t.database.db, { username: 'log-admin', isAdmin: true })
    const fromDocument = await injectJson<{ emailLogId: number }>(
      t.app,
      'POST',
      '/admin/email/send-test-email',
      admin,
      {
        emailType: 'document',
        to: 'tester@example.com',
        documentId: doc!.id,
        parameters: { name: 'Zuzana Testová' },
      },
    )
    expect(fromDocument.status).toBe(200)
    const [docRow] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.id, fromDocument.body.emailLogId))
    expect(docRow!.text).toContain('Zuzana Testová')
    const notEmail = await injectJson<{ code: string }>(
      t.app,
      'POST',
      '/admin/email/send-test-email',
      admin,
      {
        emailType: 'document',
        to: 'tester@example.com',
        documentId: 1,
      },
    )
    expect(notEmail.status).toBe(400)
    const badAddress = await injectJson(t.app, 'POST', '/admin/email/send-test-email', reader, {
      emailType: 'text',
      to: 'nobody',
      subject: 'x',
      content: 'y',
    })
    expect(badAddress.status).toBe(400)
  })

  it('deletes an entry, audited; a second delete is a 404', async () => {
    const [row] = await t.database.db
      .insert(emailLog)
      .values({
        to: 'del@example.com',
        from: 'x',
        subject: 'Delete me',
        text: 't',
        transport: 'log',
        status: 'logged',
      })
      .returning()
    const deleted = await injectJson(
      t.app,
      'DELETE',
      `/admin/email/delete-email-log?id=${row!.id}`,
      reader,
    )
    expect(deleted.body).toEqual({ success: true })
    expect(deleted.status).toBe(200)
    expect(
      await t.database.db.select().from(emailLog).where(eq(emailLog.id, row!.id)),
    ).toHaveLength(0)
    const again = await injectJson(
      t.app,
      'DELETE',
      `/admin/email/delete-email-log?id=${row!.id}`,
      reader,
    )
    expect(again.status).toBe(404)
  })
})
