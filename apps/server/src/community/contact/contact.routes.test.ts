import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { count, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminContactMessage,
  AdminContactMessageList,
  AdminContactTopic,
  ContactTopicList,
} from '@optika/domain/community/contact-api'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { orders } from '../../platform/db/schema/accounts.ts'
import {
  contactMessageAttachments,
  contactMessages,
  contactTopics,
} from '../../platform/db/schema/community.ts'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser } from '../../../test/inject-json.ts'
import { callAs, insertOrder } from '../../../test/kits/account-test-kit.ts'
import { pngWithHtmlChunk, zipOf } from '../../../test/kits/asset-files-test-kit.ts'
import {
  insertCustomer,
  signInCustomer,
  solveCaptcha,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { ensureDefaultContactTopics } from './contact-topics.ts'

const SHOP = 'obchod@optika.test'
const TOPIC_MAIL = 'reklamace@optika.test'

let t: TestApp
let productTopic: number
let complaintTopic: number

beforeAll(async () => {
  t = await buildTestApp({ env: { SHOP_EMAIL: SHOP } })
  await ensureDefaultContactTopics(t.database.db)
  const topics = await t.database.db.select().from(contactTopics)
  productTopic = topics.find((row) => row.key === 'productQuestion')!.id
  complaintTopic = topics.find((row) => row.key === 'complaint')!.id
  await t.database.db
    .update(contactTopics)
    .set({ email: TOPIC_MAIL })
    .where(eq(contactTopics.id, complaintTopic))
})
afterAll(() => t.close())

const message = (overrides: Record<string, unknown> = {}) => ({
  topicId: productTopic,
  name: 'Jana Nováková',
  email: 'jana@example.com',
  message: 'Máte obruby Žofie i v modré barvě?',
  consent: true,
  locale: 'cs',
  ...overrides,
})

async function stored() {
  const db = t.database.db
  const [messages] = await db.select({ n: count() }).from(contactMessages)
  const [files] = await db.select({ n: count() }).from(contactMessageAttachments)
  const [mails] = await db.select({ n: count() }).from(emailLog)
  const onDisk = await readdir(join(t.dataDir, 'assets', 'contact')).catch(() => [])
  return { messages: messages!.n, files: files!.n, mails: mails!.n, onDisk: onDisk.length }
}

const newestMail = async () => {
  const [mail] = await t.database.db.select().from(emailLog).orderBy(desc(emailLog.id)).limit(1)
  return mail!
}

/** The form as a browser sends it without JavaScript: multipart, with files. */
function sendForm(
  fields: Record<string, unknown>,
  files: { content: Buffer; filename: string; type?: string }[] = [],
  cookie: string | null = null,
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
  for (const file of files) {
    form.append(
      'attachments',
      new Blob([new Uint8Array(file.content)], { type: file.type ?? 'image/png' }),
      file.filename,
    )
  }
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    payload: form,
  })
}

const png = () =>
  sharp({ create: { width: 20, height: 10, channels: 3, background: '#06c' } })
    .png()
    .toBuffer()

describe('topics', () => {
  it('inserts the five default topics once, titled in six languages', async () => {
    expect(await ensureDefaultContactTopics(t.database.db)).toBe(0)
    const response = await callAs(t.app, null, 'GET', '/api/contact/topics?locale=cs')
    expect(response.statusCode).toBe(200)
    const titles = response.json<ContactTopicList>().topics.map((topic) => topic.title)
    expect(titles).toEqual(
      expect.arrayContaining(['Objednávka', 'Reklamace', 'Spolupráce', 'Dotaz k produktu', 'Jiné']),
    )
    const hu = await callAs(t.app, null, 'GET', '/api/contact/topics?locale=hu')
    expect(hu.json<ContactTopicList>().topics.map((topic) => topic.title)).toContain('Reklamáció')
  })
})

describe('POST /api/contact — refused, nothing stored', () => {
  it('refuses a visitor without the captcha or with a wrong one', async () => {
    const before = await stored()
    const none = await callAs(t.app, null, 'POST', '/api/contact', message())
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({
      code: 'CAPTCHA_WRONG',
      errors: [{ path: 'body/captchaCode' }],
    })
    const { captchaId } = await solveCaptcha(t.app)
    const wrong = await callAs(
      t.app,
      null,
      'POST',
      '/api/contact',
      message({ captchaId, captchaCode: 'XXXXX' }),
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_WRONG' })
    expect(await stored()).toEqual(before)
  })

  it('refuses a missing consent and topic, a bad e-mail, phone and order number with field errors', async () => {
    const before = await stored()
    const response = await callAs(
      t.app,
      null,
      'POST',
      '/api/contact',
      message({
        consent: false,
        topicId: '',
        message: 'x'.repeat(5_001),
        phone: '12345',
        orderNumber: 'ABC-1',
      }),
    )
    expect(response.statusCode).toBe(400)
    const body = response.json<{ errors: { path: string; message: string }[] }>()
    expect(body.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        'body/consent',
        'body/message',
        'body/topicId',
        'body/phone',
        'body/orderNumber',
      ]),
    )
    expect(body.errors.find((e) => e.path === 'body/phone')?.message).toContain('+420')
    const badEmail = await callAs(t.app, null, 'POST', '/api/contact', message({ email: 'jana@' }))
    expect(badEmail.statusCode).toBe(400)
    expect(await stored()).toEqual(before)
  })

  it('refuses header injection in the name and the e-mail', async () => {
    const before = await stored()
    const captcha = await solveCaptcha(t.app)
    for (const overrides of [
      { name: 'Jana\r\nBcc: victim@example.com' },
      { email: 'jana@example.com\r\nBcc: victim@example.com' },
      { email: 'jana@example.com\nSubject: hi' },
    ]) {
      const response = await callAs(
        t.app,
        null,
        'POST',
        '/api/contact',
        message({ ...captcha, ...overrides }),
      )
      expect(response.statusCode).toBe(400)
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses an inactive or unknown topic', async () => {
    const db = t.database.db
    const [inactive] = await db
      .insert(contactTopics)
      .values({ key: 'old-topic', titles: { en: 'Old' }, active: false })
      .returning({ id: contactTopics.id })
    const before = await stored()
    for (const topicId of [inactive!.id, 999_999, 2_147_483_648]) {
      const captcha = await solveCaptcha(t.app)
      const response = await callAs(
        t.app,
        null,
        'POST',
        '/api/contact',
        message({ ...captcha, topicId }),
      )
      expect(response.statusCode).toBe(400)
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses a signed-in customer’s foreign or unknown order number', async () => {
    const db = t.database.db
    const me = await insertCustomer(db)
    const other = await insertCustomer(db)
    const foreign = await insertOrder(db, other.id)
    await db.update(orders).set({ number: '2026900001' }).where(eq(orders.id, foreign.id))
    const cookie = await signInCustomer(t.app, me.email)
    const before = await stored()
    for (const orderNumber of ['2026900001', '2026 900 001', '2026999999']) {
      const response = await callAs(t.app, cookie, 'POST', '/api/contact', message({ orderNumber }))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'ORDER_NOT_YOURS',
        errors: [
          { path: 'body/orderNumber', message: 'This order number is not among your orders.' },
        ],
      })
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses a 6 MB attachment, a polyglot, a ZIP named .png and a fourth file', async () => {
    const before = await stored()
    const fields = async () => message(await solveCaptcha(t.app))
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024, 1)])
    const tooLarge = await sendForm(await fields(), [{ content: big, filename: 'big.png' }])
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({ code: 'FILE_TOO_LARGE' })

    const polyglot = await sendForm(await fields(), [
      { content: await pngWithHtmlChunk(), filename: 'nice.png' },
    ])
    expect(polyglot.statusCode).toBeGreaterThanOrEqual(400)
    expect(polyglot.statusCode).toBeLessThan(500)

    const zip = await sendForm(await fields(), [
      { content: await zipOf({ 'a.txt': 'x'.repeat(1000) }), filename: 'photo.png' },
    ])
    expect(zip.statusCode).toBe(415)

    const picture = await png()
    const four = await sendForm(
      await fields(),
      [1, 2, 3, 4].map((n) => ({ content: picture, filename: `p${n}.png` })),
    )
    expect(four.statusCode).toBe(400)
    expect(four.json()).toMatchObject({ code: 'TOO_MANY_ATTACHMENTS' })
    expect(await stored()).toEqual(before)
  })
})

describe('POST /api/contact without JavaScript', () => {
  const asBrowser = (fields: Record<string, unknown>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
    return t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
      payload: form,
    })
  }

  it('goes back to the page with the errors, or home for a foreign address', async () => {
    const before = await stored()
    const refused = await asBrowser({ ...message(), returnTo: '/en/contact' })
    expect(refused.statusCode).toBe(303)
    expect(refused.headers.location).toBe(
      '/en/contact?contact=error&contactError=validation.captchaRequired#contact-form',
    )
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/x',
      '/en/a\r\nSet-Cookie: x=1',
    ]) {
      const answer = await asBrowser({ ...message(), returnTo })
      expect(answer.statusCode).toBe(303)
      expect(answer.headers.location).toMatch(/^\/en\?contact=error/)
    }
    expect(await stored()).toEqual(before)
  })

  it('takes the challenge from the captcha picture’s cookie and comes back as sent', async () => {
    const picture = await t.app.inject({ url: '/api/contact/captcha' })
    expect(picture.headers['content-type']).toContain('image/svg+xml')
    const cookie = picture.cookies.find((c) => c.name === 'optika-contact-captcha')
    expect(cookie?.httpOnly).toBe(true)
    const form = new FormData()
    const fields = {
      ...message(),
      returnTo: '/en/contact',
      captchaCode: readCaptchaSvg(picture.body),
    }
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { accept: 'text/html', cookie: `optika-contact-captcha=${cookie!.value}` },
      payload: form,
    })
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe('/en/contact?contact=sent#contact-form')
  })
})

describe('POST /api/contact — sent', () => {
  it('stores a visitor’s message with attachments and mails it to the topic’s address', async () => {
    const captcha = await solveCaptcha(t.app)
    const response = await sendForm(
      {
        ...message({ ...captcha, topicId: complaintTopic }),
        phone: '+420 601 234 567',
        orderNumber: '2026 000 123',
      },
      [{ content: await png(), filename: 'rozbité brýle.png' }],
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ sent: true })
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1)
    expect(row).toMatchObject({
      topicId: complaintTopic,
      orderNumber: '2026000123',
      phone: '+420 601 234 567',
      status: 'new',
      customerId: null,
    })
    const mail = await newestMail()
    expect(mail.to).toBe(TOPIC_MAIL)
    expect(mail.text).toContain('Reklamace')
    expect(mail.text).toContain('+420 601 234 567')
    expect(mail.text).toContain('2026000123')
    expect(mail.text).toContain('rozbité brýle.png')

    // The same captcha never works twice.
    const again = await callAs(t.app, null, 'POST', '/api/contact', message(captcha))
    expect(again.statusCode).toBe(400)
  })

  it('escapes what the visitor wrote in the mail’s HTML; a topic without address mails the shop', async () => {
    const captcha = await solveCaptcha(t.app)
    const sent = await callAs(
      t.app,
      null,
      'POST',
      '/api/contact',
      message({ ...captcha, message: '<img src=x onerror=alert(1)> ahoj' }),
    )
    expect(sent.statusCode).toBe(200)
    const mail = await newestMail()
    expect(mail.to).toBe(SHOP)
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; ahoj')
  })

  it('lets a signed-in customer send without a captcha, naming one of his orders', async () => {
    const db = t.database.db
    const customer = await insertCustomer(db)
    const order = await insertOrder(db, customer.id)
    await db.update(orders).set({ number: '2026900777' }).where(eq(orders.id, order.id))
    const cookie = await signInCustomer(t.app, customer.email)
    const sent = await callAs(
      t.app,
      cookie,
      'POST',
      '/api/contact',
      message({ message: 'Zákaznický dotaz', locale: 'en', orderNumber: '2026900777' }),
    )
    expect(sent.statusCode).toBe(200)
    const [row] = await db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1)
    expect(row).toMatchObject({ customerId: customer.id, orderNumber: '2026900777' })
  })
})

describe('the back office', () => {
  const adminRoutes: [string, string][] = [
    ['GET', '/admin/contact/messages'],
    ['GET', '/admin/contact/messages/1'],
    ['GET', '/admin/contact/messages/1/attachments/0'],
    ['POST', '/admin/contact/messages/1/reply'],
    ['POST', '/admin/contact/messages/1/status'],
    ['GET', '/admin/contact/topics'],
    ['POST', '/admin/contact/topics'],
    ['PUT', '/admin/contact/topics/1'],
  ]
  let staff: string
  let outsider: string
  beforeAll(async () => {
    staff = await signInNewUser(t.database.db, {
      username: 'contact-staff',
      permissions: ['contactMessages'],
    })
    outsider = await signInNewUser(t.database.db, { username: 'contact-outsider', permissions: [] })
  })

  it('refuses anonymous callers (401) and users without the key (403) on every route', async () => {
    for (const [method, url] of adminRoutes) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload: {} })
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401)
      const forbidden = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: outsider },
        payload: {},
      })
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('lists, shows, downloads, replies by mail and closes', async () => {
    const captcha = await solveCaptcha(t.app)
    const sent = await sendForm(
      message({ ...captcha, name: 'Petr Listový', message: 'Hledám pouzdro 100%_ fialové' }),
      [{ content: await png(), filename: 'pouzdro.png' }],
    )
    expect(sent.statusCode).toBe(200)
    const list = await injectJson<AdminContactMessageList>(
      t.app,
      'GET',
      `/admin/contact/messages?status=new&q=${encodeURIComponent('100%_')}`,
      staff,
    )
    expect(list.status).toBe(200)
    expect(list.body.items).toHaveLength(1)
    const id = list.body.items[0]!.id
    expect(list.body.items[0]).toMatchObject({ name: 'Petr Listový', attachmentCount: 1 })

    const detail = await injectJson<AdminContactMessage>(
      t.app,
      'GET',
      `/admin/contact/messages/${id}`,
      staff,
    )
    expect(detail.body).toMatchObject({ topic: 'Dotaz k produktu', status: 'new' })
    expect(detail.body.attachments[0]).toMatchObject({
      filename: 'pouzdro.png',
      mimeType: 'image/png',
    })

    const file = await t.app.inject({
      url: `/admin/contact/messages/${id}/attachments/0`,
      headers: { cookie: staff },
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toContain('attachment')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png')

    const replied = await injectJson<AdminContactMessage>(
      t.app,
      'POST',
      `/admin/contact/messages/${id}/reply`,
      staff,
      { body: 'Dobrý den, pouzdro máme skladem.' },
    )
    expect(replied.status).toBe(200)
    expect(replied.body.status).toBe('answered')
    expect(replied.body.replies[0]).toMatchObject({ body: 'Dobrý den, pouzdro máme skladem.' })
    const mail = await newestMail()
    expect(mail.to).toBe('jana@example.com')
    expect(mail.text).toContain('pouzdro máme skladem')
    expect(mail.subject).toContain('Dotaz k produktu')

    const closed = await injectJson<AdminContactMessage>(
      t.app,
      'POST',
      `/admin/contact/messages/${id}/status`,
      staff,
      { status: 'closed' },
    )
    expect(closed.body.status).toBe('closed')
    const audited = await t.database.db
      .select({ action: auditLog.action, actorName: auditLog.actorName })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['contact.message.reply', 'contact.message.status']),
    )
    const missing = await injectJson(t.app, 'GET', '/admin/contact/messages/999999999', staff)
    expect(missing.status).toBe(404)
  })

  it('adds and edits topics; a taken key is a 409', async () => {
    const titles = { cs: 'Servis', en: 'Service', hu: '', pl: '', ro: '', sk: '' }
    const created = await injectJson<AdminContactTopic>(
      t.app,
      'POST',
      '/admin/contact/topics',
      staff,
      {
        key: 'service',
        titles,
        email: 'servis@optika.test',
        position: 5,
      },
    )
    expect(created.status).toBe(200)
    const again = await injectJson(t.app, 'POST', '/admin/contact/topics', staff, {
      key: 'service',
      titles,
    })
    expect(again.status).toBe(409)
    const edited = await injectJson<AdminContactTopic>(
      t.app,
      'PUT',
      `/admin/contact/topics/${created.body.id}`,
      staff,
      { key: 'service', titles, active: false },
    )
    expect(edited.body.active).toBe(false)
    const bad = await injectJson(t.app, 'POST', '/admin/contact/topics', staff, {
      key: '1; drop table',
      titles,
    })
    expect(bad.status).toBe(400)
    const all = await injectJson<AdminContactTopic[]>(t.app, 'GET', '/admin/contact/topics', staff)
    expect(all.body.map((topic) => topic.key)).toContain('service')
  })
})
