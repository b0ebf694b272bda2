import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser } from '../../../test/inject-json.ts'

describe('the back office e-mail log', () => {
  let t: TestApp
  let mailer: string
  let outsider: string

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    mailer = await signInNewUser(db, { username: 'mail-reader', permissions: ['emails'] })
    outsider = await signInNewUser(db, { username: 'no-mail', permissions: ['objects'] })
    await db.insert(emailLog).values([
      {
        to: 'Jana@Example.com',
        from: 'shop@optika.example',
        subject: 'First',
        text: 'one',
        transport: 'log',
        status: 'logged',
      },
      {
        to: 'petr@example.com',
        from: 'shop@optika.example',
        subject: 'Other',
        text: 'two',
        transport: 'log',
        status: 'logged',
      },
      {
        to: 'jana@example.com',
        from: 'shop@optika.example',
        subject: 'Second',
        text: 'three',
        transport: 'log',
        status: 'logged',
      },
    ])
  })
  afterAll(() => t.close())

  it('lists one recipient’s mails newest first, whatever the address’s case', async () => {
    const list = await injectJson<{ items: { id: number; subject: string }[]; total: number }>(
      t.app,
      'GET',
      '/admin/email/email-logs?to=JANA@example.com',
      mailer,
    )
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(2)
    expect(list.body.items.map((item) => item.subject)).toEqual(['Second', 'First'])
  })

  it('shows one mail with its text', async () => {
    const list = await injectJson<{ items: { id: number }[] }>(
      t.app,
      'GET',
      '/admin/email/email-logs?to=petr@example.com',
      mailer,
    )
    const shown = await injectJson<{ text: string; from: string }>(
      t.app,
      'GET',
      `/admin/email/show-email-log/${list.body.items[0]!.id}`,
      mailer,
    )
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ text: 'two', from: 'shop@optika.example' })
    expect(
      (await injectJson(t.app, 'GET', '/admin/email/show-email-log/999999', mailer)).status,
    ).toBe(404)
  })

  it('is closed to anonymous callers and to users without the e-mail permission', async () => {
    expect((await injectJson(t.app, 'GET', '/admin/email/email-logs', null)).status).toBe(401)
    expect((await injectJson(t.app, 'GET', '/admin/email/email-logs', outsider)).status).toBe(403)
    expect((await injectJson(t.app, 'GET', '/admin/email/show-email-log/1', outsider)).status).toBe(
      403,
    )
  })
})
