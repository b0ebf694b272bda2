import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { eq, sql } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSONAL_DATA_SECTIONS } from '@optika/domain/operations/gdpr'
import {
  complaintMessages,
  complaints,
  customerAddresses,
  orders,
} from '../../platform/db/schema/accounts.ts'
import { productRatings } from '../../platform/db/schema/commerce.ts'
import {
  contactMessages,
  contactReplies,
  contactTopics,
  forumBoards,
  forumPosts,
  forumThreads,
} from '../../platform/db/schema/community.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { customers } from '../../platform/db/schema/users.ts'
import {
  loadPersonalData,
  streamPersonalData,
} from '../../accounts/personal-data/extract-personal-data.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser } from '../../../test/inject-json.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { callAs, insertAddress, insertOrder } from '../../../test/kits/account-test-kit.ts'

let t: TestApp
let admin: string
let seq = 0

beforeAll(async () => {
  t = await buildTestApp()
  admin = await signInNewUser(t.database.db, { username: 'gdpr-flow-admin', isAdmin: true })
})
afterAll(() => t.close())

const get = (url: string) => callAs(t.app, admin, 'GET', url)

/** A person with one of everything the shop keeps: the completeness fixture. */
async function seededPerson() {
  const db = t.database.db
  seq += 1
  const person = await insertCustomer(db, {
    kind: 'partner',
    firstName: 'Řehoř',
    lastName: `Łukasiewicz${String(seq)}`,
    phone: '+420 601 234 567',
    newsletter: true,
    newsletterConsentAt: new Date('2025-03-01T10:00:00Z'),
    termsAcceptedAt: new Date('2025-02-01T09:00:00Z'),
    privacyAcceptedAt: new Date('2025-02-01T09:00:00Z'),
  })
  await insertAddress(db, person.id, 'billing', { street: 'Őrség utca 5' })
  const order = await insertOrder(db, person.id, {
    email: person.email,
    name: 'Řehoř Łukasiewicz',
    clientNumber: person.clientNumber,
  })
  await db
    .update(orders)
    .set({
      phone: '+420 601 234 567',
      billingAddress: { name: 'Řehoř', street: 'Őrség utca 5', city: 'Brno', country: 'CZ' },
    })
    .where(eq(orders.id, order.id))
  const [complaint] = await db
    .insert(complaints)
    .values({
      customerId: person.id,
      orderItemId: order.itemIds[0]!,
      quantity: 1,
      reason: 'Scratched lens',
    })
    .returning({ id: complaints.id })
  await db
    .insert(complaintMessages)
    .values({ complaintId: complaint!.id, author: 'customer', text: 'See the photo' })
  const [product] = await db
    .insert(objects)
    .values({ type: 'folder', key: `gdpr-product-${String(seq)}`, path: '/' })
    .returning({ id: objects.id })
  await db.insert(productRatings).values({
    productId: product!.id,
    customerId: person.id,
    overall: 4,
    verbal: 'Pohodlné brýle',
    locale: 'cs',
  })
  const [board] = await db
    .insert(forumBoards)
    .values({ key: `gdpr-board-${String(seq)}`, titles: { en: 'Board' } })
    .returning({ id: forumBoards.id })
  const [thread] = await db
    .insert(forumThreads)
    .values({ boardId: board!.id, authorId: person.id, title: 'Which frames for a narrow face?' })
    .returning({ id: forumThreads.id })
  await db
    .insert(forumPosts)
    .values({ threadId: thread!.id, authorId: person.id, body: 'Thin titanium, I think.' })
  const [topic] = await db
    .insert(contactTopics)
    .values({ key: `gdpr-topic-${String(seq)}`, titles: { en: 'Topic' } })
    .returning({ id: contactTopics.id })
  const [message] = await db
    .insert(contactMessages)
    .values({
      topicId: topic!.id,
      customerId: person.id,
      name: 'Řehoř Łukasiewicz',
      email: person.email,
      message: 'Do you repair hinges?',
      locale: 'cs',
    })
    .returning({ id: contactMessages.id })
  await db.insert(contactReplies).values({ messageId: message!.id, body: 'Yes, we do.' })
  await db.insert(emailLog).values({
    to: person.email.toUpperCase(),
    from: 'shop@optika.example',
    subject: `Order ${order.number} received`,
    text: 'Thank you',
    transport: 'log',
    status: 'logged',
  })
  await db.insert(auditLog).values({
    action: 'customer.update',
    entityType: 'customer',
    entityId: String(person.id),
    before: { phone: '' },
    after: { phone: '+420 601 234 567', note: 'kept' },
  })
  return { ...person, order, productId: product!.id }
}

interface Export {
  account: { email: string; clientNumber: string; firstName: string; passwordHash?: unknown }
  consents: { consent: string; given: boolean; at: string | null }[]
  newsletter: { subscribed: boolean }
  addresses: { billing: { street: string } | null }
  orders: { number: string; accessTokenHash?: unknown; items: { code: string }[] }[]
  complaints: { reason: string; messages: { text: string }[] }[]
  ratings: { verbal: string }[]
  forumThreads: { title: string }[]
  forumPosts: { body: string }[]
  contactMessages: { message: string; replies: { body: string }[] }[]
  mailsSent: { subject: string }[]
  auditEntries: { action: string }[]
}

describe('the GDPR export of a customer', () => {
  it('holds every section of what the shop keeps about the person, without secrets', async () => {
    const person = await seededPerson()
    const response = await get(`/admin/gdpr/customer/export?id=${String(person.id)}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="optika-/)
    const data = response.json<Export>()
    for (const section of PERSONAL_DATA_SECTIONS) expect(data).toHaveProperty(section)
    expect(data.account).toMatchObject({ email: person.email, firstName: 'Řehoř' })
    expect(data.account.passwordHash).toBeUndefined()
    expect(data.consents.filter((c) => c.given).map((c) => c.consent)).toEqual([
      'terms',
      'privacy',
      'newsletter',
    ])
    expect(data.consents[2]!.at).toBe('2025-03-01T10:00:00.000Z')
    expect(data.newsletter.subscribed).toBe(true)
    expect(data.addresses.billing?.street).toBe('Őrség utca 5')
    expect(data.orders.map((o) => o.number)).toEqual([person.order.number])
    expect(data.orders[0]!.items).toHaveLength(1)
    expect(data.orders[0]!.accessTokenHash).toBeUndefined()
    expect(data.complaints[0]).toMatchObject({ reason: 'Scratched lens' })
    expect(data.complaints[0]!.messages[0]!.text).toBe('See the photo')
    expect(data.ratings.map((r) => r.verbal)).toEqual(['Pohodlné brýle'])
    expect(data.forumThreads.map((f) => f.title)).toEqual(['Which frames for a narrow face?'])
    expect(data.forumPosts.map((p) => p.body)).toEqual(['Thin titanium, I think.'])
    expect(data.contactMessages[0]).toMatchObject({ message: 'Do you repair hinges?' })
    expect(data.contactMessages[0]!.replies[0]!.body).toBe('Yes, we do.')
    expect(data.mailsSent.map((m) => m.subject)).toEqual([`Order ${person.order.number} received`])
    expect(data.auditEntries.map((a) => a.action)).toContain('customer.update')
    expect(response.body).not.toContain('$argon2')
  })

  it('summarizes each section’s count the way the export holds it', async () => {
    const person = await seededPerson()
    const response = await get(`/admin/gdpr/customer/summary?id=${String(person.id)}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: person.id,
      clientNumber: person.clientNumber,
      anonymizedAt: null,
      counts: {
        account: 1,
        consents: 3,
        addresses: 1,
        orders: 1,
        complaints: 1,
        ratings: 1,
        forumThreads: 1,
        forumPosts: 1,
        contactMessages: 1,
        mailsSent: 1,
        auditEntries: 1,
      },
    })
  })

  it('is what the storefront’s own “download my data” answers: the same extractor', async () => {
    const person = await seededPerson()
    const cookie = await signInCustomer(t.app, person.email, person.password)
    const own = await callAs(t.app, cookie, 'GET', '/api/account/export')
    expect(own.statusCode).toBe(200)
    const staff = await get(`/admin/gdpr/customer/export?id=${String(person.id)}`)
    const mine = own.json<Export & { exportedAt: string }>()
    const theirs = staff.json<Export & { exportedAt: string }>()
    expect(Object.keys(mine)).toEqual(Object.keys(theirs))
    expect(mine.orders).toEqual(theirs.orders)
    expect(mine.forumPosts).toEqual(theirs.forumPosts)
  })

  it('draws a readable PDF with every language’s letters', async () => {
    const person = await seededPerson()
    const response = await callAs(
      t.app,
      admin,
      'GET',
      `/admin/gdpr/customer/export?id=${String(person.id)}&format=pdf`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const pdf = await PDFDocument.load(response.rawPayload)
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(pdf.getTitle()).toContain('optika-')
  })

  it('answers an unknown person with a translated 404', async () => {
    const response = await get('/admin/gdpr/customer/export?id=2000000000')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: 'The person was not found.' })
  })
})

describe('the export of a person with 10,000 orders', () => {
  it('streams page by page, with memory bounded by a page, not by the person', async () => {
    const db = t.database.db
    const person = await insertCustomer(db, { firstName: 'Vojtěch', lastName: 'Mnohoobjednávkový' })
    await db.execute(sql`
      insert into orders (number, customer_id, email, name, currency, total_gross)
      select 'GDPR-BULK-' || g, ${person.id}, ${person.email}, 'Vojtěch', 'CZK', g * 100
      from generate_series(1, 10000) g`)
    await db.execute(sql`
      insert into order_items (order_id, product_id, code, name, quantity, unit_price_net, unit_price_gross)
      select id, 1, 'RB-3025', 'Aviator', 1, 100000, 121000 from orders where customer_id = ${person.id}`)

    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/gdpr/customer/export?id=${String(person.id)}`,
      headers: { cookie: admin },
      payloadAsStream: true,
    })
    expect(response.statusCode).toBe(200)
    // A streamed answer has no length announced up front.
    expect(response.headers['content-length']).toBeUndefined()
    let chunks = 0
    let bytes = 0
    let largest = 0
    let orderRows = 0
    let tail = ''
    for await (const chunk of response.stream() as AsyncIterable<Buffer>) {
      chunks += 1
      bytes += chunk.length
      largest = Math.max(largest, chunk.length)
      const text = tail + chunk.toString('utf8')
      orderRows += text.split('"number":"GDPR-BULK-').length - 1
      tail = text.slice(-40).includes('"number"') ? '' : text.slice(-40)
    }
    expect(orderRows).toBe(10_000)
    expect(bytes).toBeGreaterThan(5_000_000)
    // 10,000 orders in pages of 200: at least 50 chunks, none near the whole document.
    expect(chunks).toBeGreaterThanOrEqual(50)
    expect(largest).toBeLessThan(bytes / 20)

    // The extractor is read as it is written: with garbage collected, what stays on the heap
    // while the 10,000 orders pass is a page, far from the whole export (≥ its bytes as text).
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const heapBefore = process.memoryUsage().heapUsed
    let retained = 0
    let index = 0
    const data = await loadPersonalData(db, person.id)
    for await (const chunk of streamPersonalData(data)) {
      index += 1
      if (chunk.length > 0 && index % 10 === 0) {
        gc()
        retained = Math.max(retained, process.memoryUsage().heapUsed - heapBefore)
      }
    }
    expect(index).toBeGreaterThanOrEqual(50)
    expect(retained).toBeLessThan(bytes / 4)
  }, 120_000)
})

describe('anonymizing a customer', () => {
  it('refuses a confirmation that does not repeat the client number, and changes nothing', async () => {
    const person = await seededPerson()
    const response = await callAs(t.app, admin, 'POST', '/admin/gdpr/customer/anonymize', {
      id: person.id,
      confirmation: 'yes',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'CONFIRMATION_MISMATCH' })
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, person.id))
    expect(row!.email).toBe(person.email)
    expect(row!.deletedAt).toBeNull()
  })

  it('keeps orders for accounting without personal fields, detaches the rest, audits, and refuses twice', async () => {
    const db = t.database.db
    const person = await seededPerson()
    const response = await callAs(t.app, admin, 'POST', '/admin/gdpr/customer/anonymize', {
      id: person.id,
      confirmation: ` ${person.clientNumber.replace(/\s+/g, '')} `,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ success: true, changed: { orders: 1, addresses: 1 } })

    const [order] = await db.select().from(orders).where(eq(orders.id, person.order.id))
    expect(order).toMatchObject({
      number: person.order.number,
      customerId: null,
      name: 'anonymized',
      email: `deleted-${String(person.id)}@invalid`,
      phone: '',
      clientNumber: person.clientNumber,
    })
    expect(order!.totalGross).toBeGreaterThan(0)
    expect(order!.billingAddress).toEqual({ country: 'CZ' })

    const [account] = await db.select().from(customers).where(eq(customers.id, person.id))
    expect(account).toMatchObject({ firstName: '', lastName: '', phone: '', newsletter: false })
    expect(account!.deletedAt).not.toBeNull()
    expect(
      await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, person.id)),
    ).toHaveLength(0)
    // Ratings and posts stay with the anonymous shell: detached from the person.
    const ratings = await db
      .select()
      .from(productRatings)
      .where(eq(productRatings.customerId, person.id))
    expect(ratings).toHaveLength(1)
    const [contact] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, `deleted-${String(person.id)}@invalid`))
    expect(contact).toMatchObject({ customerId: null, name: 'anonymized', phone: '' })
    const mails = await db
      .select()
      .from(emailLog)
      .where(sql`lower(${emailLog.to}) = ${person.email.toLowerCase()}`)
    expect(mails).toHaveLength(0)

    const entries = await db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.entityType} = 'customer' and ${auditLog.entityId} = ${String(person.id)}`,
      )
    const update = entries.find((e) => e.action === 'customer.update')
    expect(update!.after).toEqual({ note: 'kept' })
    const anonymized = entries.find((e) => e.action === 'gdpr.anonymize')
    expect(anonymized).toBeDefined()
    expect(JSON.stringify(anonymized)).not.toContain(person.email)
    expect(JSON.stringify(anonymized)).not.toContain('Řehoř')

    const again = await callAs(t.app, admin, 'POST', '/admin/gdpr/customer/anonymize', {
      id: person.id,
      confirmation: person.clientNumber,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'ALREADY_ANONYMIZED' })

    const found = await get(`/admin/gdpr/customer/search?query=${encodeURIComponent('Řehoř')}`)
    const ids = found.json<{ data: { id: number }[] }>().data.map((h) => h.id)
    expect(ids).not.toContain(person.id)
  })
})

describe('searching for a person', () => {
  it('finds a customer by name, e-mail, client number (with or without spaces) or id', async () => {
    const person = await seededPerson()
    const queries = [
      `Łukasiewicz${String(seq)}`,
      person.email.toUpperCase(),
      person.clientNumber,
      person.clientNumber.replace(/\s+/g, ''),
      String(person.id),
    ]
    for (const query of queries) {
      const response = await get(`/admin/gdpr/customer/search?query=${encodeURIComponent(query)}`)
      expect(response.statusCode).toBe(200)
      const hits = response.json<{ data: { id: number; detail: string }[] }>().data
      expect(hits.map((h) => h.id)).toContain(person.id)
    }
    const pimcore = await get(
      `/admin/gdpr/customer/search?firstname=${encodeURIComponent('řehoř')}&email=${encodeURIComponent(person.email)}`,
    )
    expect(pimcore.json<{ total: number }>().total).toBe(1)
  })

  it('finds assets whose metadata names the person, data objects holding them, users and mails', async () => {
    const db = t.database.db
    const [asset] = await db
      .insert(assets)
      .values({
        type: 'image',
        key: 'shop-opening.jpg',
        path: '/',
        metadata: [{ name: 'title', language: '', type: 'input', data: 'Zsófia Kovács' }],
      })
      .returning({ id: assets.id })
    const [object] = await db
      .insert(objects)
      .values({ type: 'folder', key: 'gdpr-optician', path: '/', data: { owner: 'Zsófia Kovács' } })
      .returning({ id: objects.id })
    const assetHits = await get(
      `/admin/gdpr/asset/search-assets?query=${encodeURIComponent('zsófia')}`,
    )
    expect(assetHits.json<{ data: { id: number }[] }>().data.map((h) => h.id)).toEqual([asset!.id])
    const exported = await get(`/admin/gdpr/asset/export?id=${String(asset!.id)}`)
    expect(exported.statusCode).toBe(200)
    expect(exported.json()).toMatchObject({
      asset: { id: asset!.id, file: `/admin/asset/download?id=${String(asset!.id)}` },
    })
    expect(exported.body).not.toContain('storageKey')
    // A folder holds no person: only elements that may hold data are searched.
    const objectHits = await get(
      `/admin/gdpr/data-object/search-data-objects?query=${encodeURIComponent('Kovács')}`,
    )
    expect(objectHits.statusCode).toBe(200)
    expect(objectHits.json<{ data: { id: number }[] }>().data.map((h) => h.id)).not.toContain(
      object!.id,
    )

    const users = await get('/admin/gdpr/pimcore-users/search-users?query=gdpr-flow-admin')
    const user = users.json<{ data: { id: number }[] }>().data[0]!
    const userExport = await get(`/admin/gdpr/pimcore-users/export-user-data?id=${String(user.id)}`)
    expect(userExport.statusCode).toBe(200)
    expect(userExport.json()).toMatchObject({ user: { username: 'gdpr-flow-admin' } })
    expect(userExport.body).not.toMatch(/passwordHash|twoFactorSecret|\$argon2/)

    const person = await seededPerson()
    const mails = await get(
      `/admin/gdpr/sent-mail/search-sent-mails?query=${encodeURIComponent(person.email)}`,
    )
    const mail = mails.json<{ data: { id: number }[] }>().data[0]!
    const mailExport = await get(`/admin/gdpr/sent-mail/export?id=${String(mail.id)}`)
    expect(mailExport.json()).toMatchObject({ sentMail: { text: 'Thank you' } })
  })

  it.each([
    ['SQL-like text', "' OR 1=1; DROP TABLE customers; --"],
    ['a lone %', '%'],
    ['a lone _', '_'],
    ['a backslash', '\\'],
  ])('takes %s literally: nobody matches, nothing breaks', async (_name, query) => {
    await seededPerson()
    for (const path of [
      '/admin/gdpr/customer/search',
      '/admin/gdpr/data-object/search-data-objects',
      '/admin/gdpr/asset/search-assets',
      '/admin/gdpr/pimcore-users/search-users',
      '/admin/gdpr/sent-mail/search-sent-mails',
    ]) {
      const response = await get(`${path}?query=${encodeURIComponent(query)}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ success: true, total: 0, data: [] })
    }
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(customers)
    expect(count!.n).toBeGreaterThan(0)
  })

  it('refuses 10 kB of search text with a translated 400', async () => {
    const response = await get(`/admin/gdpr/customer/search?query=${'a'.repeat(10_240)}`)
    expect(response.statusCode).toBe(400)
    const body = response.json<{ message: string }>()
    expect(body.message).not.toMatch(/^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/)
  })
})
