import ExcelJS from 'exceljs'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ComplaintDetail,
  CustomerDetail,
  CustomerList,
  PriceListOption,
} from '@optika/domain/accounts/admin-customers-api'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import {
  complaintPhotos,
  customerAddresses,
  customerSessions,
  customerTokens,
} from '../../platform/db/schema/accounts.ts'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { createAssetStore } from '../../dam/assets/asset-store.ts'
import { CUSTOMER_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import {
  findLiveCustomerSession,
  startCustomerSession,
} from '../customer-auth/customer-sessions.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { insertComplaint, insertPriceList } from '../../../test/kits/admin-customers-test-kit.ts'
import { waitForMailRow } from '../../../test/kits/jobs-test-kit.ts'

let t: TestApp
let adminId: number
let admin: string
/** Signed in, without any permission key. */
let nobody: string
/** Holds `customers` only. */
let support: string
/** Holds `partners` only. */
let partnerManager: string
let priceListId: number

type Method = 'GET' | 'POST' | 'PUT'
function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  adminId = await insertAdminUser(db, { username: 'shop.admin', isAdmin: true })
  admin = await signIn(db, adminId)
  nobody = await signIn(db, await insertAdminUser(db, { username: 'no.keys' }))
  support = await signIn(
    db,
    await insertAdminUser(db, { username: 'support', permissions: ['customers'] }),
  )
  partnerManager = await signIn(
    db,
    await insertAdminUser(db, { username: 'partner.manager', permissions: ['partners'] }),
  )
  priceListId = await insertPriceList(db, { name: 'Partner CZK' })
})
afterAll(() => t.close())

const VALID_APPROVAL = () => ({
  priceListId,
  invoiceMaturityDays: 30,
  creditLimit: 5_000_000,
  creditCurrency: 'CZK',
})

describe('every route needs a session and its permission key', () => {
  const routes: [Method, string, unknown, PermissionKey][] = [
    ['GET', '/admin/customers/list', undefined, 'customers'],
    ['GET', '/admin/customers/export?format=csv', undefined, 'customers'],
    ['GET', '/admin/customers/1', undefined, 'customers'],
    ['POST', '/admin/customers/1/send-password-reset', undefined, 'customers'],
    ['POST', '/admin/customers/1/impersonate', undefined, 'customers'],
    ['PUT', '/admin/customers/1/moderator', { isModerator: true }, 'customers'],
    ['GET', '/admin/partners/list', undefined, 'partners'],
    ['GET', '/admin/partners/queue', undefined, 'partners'],
    ['GET', '/admin/partners/price-lists', undefined, 'partners'],
    ['POST', '/admin/partners/1/approve', { priceListId: 1 }, 'partners'],
    ['POST', '/admin/partners/1/reject', { reason: 'x' }, 'partners'],
    ['GET', '/admin/complaints/list', undefined, 'customers'],
    ['GET', '/admin/complaints/1', undefined, 'customers'],
    ['GET', '/admin/complaints/1/photos/1', undefined, 'customers'],
    ['POST', '/admin/complaints/1/state', { state: 'accepted' }, 'customers'],
    ['POST', '/admin/complaints/1/messages', { text: 'x' }, 'customers'],
  ]
  it.each(routes)(
    '%s %s: 401 anonymous, 403 without the key',
    async (method, url, payload, key) => {
      const anonymous = await call(null, method, url, payload)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' })
      const forbidden = await call(nobody, method, url, payload)
      expect(forbidden.statusCode).toBe(403)
      const otherKey = key === 'customers' ? partnerManager : support
      expect((await call(otherKey, method, url, payload)).statusCode).toBe(403)
    },
  )
})

describe('customers list, export and detail', () => {
  let anna: Awaited<ReturnType<typeof insertCustomer>>
  let optik: Awaited<ReturnType<typeof insertCustomer>>
  beforeAll(async () => {
    const db = t.database.db
    anna = await insertCustomer(db, {
      firstName: 'Anna',
      lastName: 'Zelená',
      email: 'anna.zelena@example.com',
      clientNumber: '74 1111 222',
      country: 'SK',
      passwordHash: '$argon2id$not-a-real-hash',
    })
    optik = await insertCustomer(db, {
      kind: 'partner',
      company: 'Optik Brno s.r.o.',
      firstName: 'Petr',
      lastName: 'Novák',
      clientNumber: '74 3333 444',
    })
    await db.insert(customerAddresses).values({
      customerId: anna.id,
      kind: 'billing',
      name: 'Anna Zelená',
      street: 'Hlavná 1',
      city: 'Bratislava',
      postcode: '811 01',
      country: 'SK',
    })
  })

  it('searches by name, e-mail, client number with or without spaces, and company', async () => {
    for (const search of ['zelená anna', 'ANNA.ZELENA@', '741111222', '74 1111', 'brno']) {
      const response = await call(
        support,
        'GET',
        `/admin/customers/list?search=${encodeURIComponent(search)}`,
      )
      expect(response.statusCode).toBe(200)
      const ids = response.json<CustomerList>().items.map((c) => c.id)
      expect(ids, search).toHaveLength(1)
      expect(ids[0], search).toBe(search === 'brno' ? optik.id : anna.id)
    }
    // LIKE wildcards are taken literally.
    const wildcard = await call(support, 'GET', '/admin/customers/list?search=%25')
    expect(wildcard.json<CustomerList>().total).toBe(0)
  })

  it('filters by kind, partner state and country, pages and sorts', async () => {
    const partners = await call(
      support,
      'GET',
      '/admin/customers/list?kind=partner&partnerStatus=pending',
    )
    expect(partners.json<CustomerList>().items.every((c) => c.kind === 'partner')).toBe(true)
    expect(partners.json<CustomerList>().items.map((c) => c.id)).toContain(optik.id)
    const slovaks = await call(support, 'GET', '/admin/customers/list?country=SK')
    expect(slovaks.json<CustomerList>().items.map((c) => c.id)).toEqual([anna.id])

    const byName = await call(
      support,
      'GET',
      '/admin/customers/list?sort=name&order=asc&limit=1&page=1',
    )
    const page = byName.json<CustomerList>()
    expect(page.items).toHaveLength(1)
    expect(page.total).toBeGreaterThanOrEqual(2)
    const second = await call(
      support,
      'GET',
      '/admin/customers/list?sort=name&order=asc&limit=1&page=2',
    )
    expect(second.json<CustomerList>().items[0]!.id).not.toBe(page.items[0]!.id)

    const bad = await call(support, 'GET', '/admin/customers/list?country=DE&sort=password')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
  })

  it('never answers a password hash', async () => {
    const list = await call(support, 'GET', '/admin/customers/list')
    expect(list.body).not.toMatch(/passwordHash|argon2/)
    const detail = await call(support, 'GET', `/admin/customers/${anna.id}`)
    expect(detail.body).not.toMatch(/passwordHash|argon2/)
  })

  it('exports the filtered list as CSV and XLSX with translated headers, and records it', async () => {
    const csv = await call(support, 'GET', '/admin/customers/export?format=csv&country=SK')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('customers.csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain('Client number')
    expect(lines[1]).toContain('74 1111 222')
    expect(lines[1]).toContain('Slovakia')
    expect(csv.body).not.toContain('argon2')

    const xlsx = await call(support, 'GET', '/admin/customers/export?format=xlsx&kind=partner')
    expect(xlsx.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const numbers = sheet.getColumn(1).values.slice(2)
    expect(numbers).toContain('74 3333 444')
    expect(numbers).not.toContain('74 1111 222')

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.export'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry).toMatchObject({ actorName: 'support', after: { format: 'xlsx', count: 1 } })
  })

  it('shows the detail with addresses, orders, complaints, history and session count', async () => {
    await insertComplaint(t.database.db, anna.id)
    const response = await call(support, 'GET', `/admin/customers/${anna.id}`)
    expect(response.statusCode).toBe(200)
    const detail = response.json<CustomerDetail>()
    expect(detail).toMatchObject({
      id: anna.id,
      email: 'anna.zelena@example.com',
      country: 'SK',
      sessionCount: 0,
      addresses: [{ kind: 'billing', city: 'Bratislava' }],
      orders: [{ currency: 'CZK', totalGross: 121000 }],
      complaints: [{ state: 'open', productCode: 'RB-1', reason: 'The hinge broke' }],
    })
    const missing = await call(support, 'GET', '/admin/customers/999999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ message: 'Customer not found.' })
  })

  it('sends a password-reset link by mail, recorded in the audit log and the history', async () => {
    const response = await call(support, 'POST', `/admin/customers/${anna.id}/send-password-reset`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ sent: true })
    const [mail] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, 'anna.zelena@example.com'))
      .orderBy(desc(emailLog.id))
    expect(mail?.text).toMatch(/\/new-password\?token=/)
    const [token] = await t.database.db
      .select()
      .from(customerTokens)
      .where(eq(customerTokens.customerId, anna.id))
    expect(token?.createdBy).not.toBeNull()
    // The link is in the mail only: neither the answer nor the audit entry carries it.
    const detail = (
      await call(support, 'GET', `/admin/customers/${anna.id}`)
    ).json<CustomerDetail>()
    expect(detail.history[0]).toMatchObject({
      action: 'customer.passwordResetLink',
      actorName: 'support',
    })
    expect(JSON.stringify(detail.history)).not.toContain('token=')
  })

  it('impersonates: a storefront session marked with the staff user, the cookie and the page to open', async () => {
    const response = await call(admin, 'POST', `/admin/customers/${anna.id}/impersonate`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ url: '/cs' })
    const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, path: '/' })
    const session = await findLiveCustomerSession(t.database.db, cookie!.value)
    expect(session).toMatchObject({ impersonatedBy: adminId, customer: { id: anna.id } })
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.impersonate'), eq(auditLog.entityId, String(anna.id))),
      )
    expect(entry).toMatchObject({ actorId: adminId, after: { impersonatedBy: adminId } })
    expect(JSON.stringify(entry)).not.toContain(cookie!.value)
    const detail = (
      await call(support, 'GET', `/admin/customers/${anna.id}`)
    ).json<CustomerDetail>()
    expect(detail.sessionCount).toBe(1)
  })

  it('grants and withdraws the moderator role, audited, and the storefront viewer has it at once', async () => {
    const granted = await call(support, 'PUT', `/admin/customers/${optik.id}/moderator`, {
      isModerator: true,
    })
    expect(granted.statusCode).toBe(200)
    expect(granted.json()).toEqual({ isModerator: true })
    const shopper = await signInCustomer(t.app, optik.email, optik.password)
    const me = await t.app.inject({ url: '/api/account/me', headers: { cookie: shopper } })
    expect(me.json()).toMatchObject({ customer: { isModerator: true } })
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.moderator'), eq(auditLog.entityId, String(optik.id))),
      )
    expect(entry).toMatchObject({ before: { isModerator: false }, after: { isModerator: true } })
    await call(support, 'PUT', `/admin/customers/${optik.id}/moderator`, { isModerator: false })
    const after = await t.app.inject({ url: '/api/account/me', headers: { cookie: shopper } })
    expect(after.json()).toMatchObject({ customer: { isModerator: false } })
    const invalid = await call(support, 'PUT', `/admin/customers/${optik.id}/moderator`, {
      isModerator: 'yes',
    })
    expect(invalid.statusCode).toBe(400)
    const missing = await call(support, 'PUT', '/admin/customers/999999/moderator', {
      isModerator: true,
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('partner approval', () => {
  it('lists pending partners oldest first and the published price lists', async () => {
    const db = t.database.db
    const older = await insertCustomer(db, { kind: 'partner', createdAt: new Date('2026-01-01') })
    const newer = await insertCustomer(db, { kind: 'partner', createdAt: new Date('2026-02-01') })
    await insertCustomer(db, { kind: 'partner', partnerStatus: 'approved' })
    const queue = (await call(partnerManager, 'GET', '/admin/partners/queue')).json<CustomerList>()
    const ids = queue.items.map((c) => c.id)
    expect(queue.items.every((c) => c.partnerStatus === 'pending')).toBe(true)
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id))

    await insertPriceList(db, { name: 'Draft list', published: false })
    const lists = (await call(partnerManager, 'GET', '/admin/partners/price-lists')).json<
      PriceListOption[]
    >()
    expect(lists).toContainEqual({ id: priceListId, name: 'Partner CZK', currency: 'CZK' })
    expect(lists.map((l) => l.name)).not.toContain('Draft list')
  })

  it('validates the terms with translated messages and changes nothing', async () => {
    const partner = await insertCustomer(t.database.db, { kind: 'partner' })
    const url = `/admin/partners/${partner.id}/approve`
    for (const [body, path] of [
      [{ ...VALID_APPROVAL(), invoiceMaturityDays: 366 }, 'invoiceMaturityDays'],
      [{ ...VALID_APPROVAL(), invoiceMaturityDays: -1 }, 'invoiceMaturityDays'],
      [{ ...VALID_APPROVAL(), creditLimit: -5 }, 'creditLimit'],
      [{ ...VALID_APPROVAL(), creditCurrency: 'USD' }, 'creditCurrency'],
    ] as const) {
      const response = await call(partnerManager, 'POST', url, body)
      expect(response.statusCode).toBe(400)
      const answer = response.json<{ code: string; errors: { path: string; message: string }[] }>()
      expect(answer.code).toBe('VALIDATION_ERROR')
      expect(answer.errors.map((e) => e.path).join()).toContain(path)
      expect(answer.errors[0]!.message).not.toMatch(/^adminCustomers\./)
    }
    const maturity = await call(partnerManager, 'POST', url, {
      ...VALID_APPROVAL(),
      invoiceMaturityDays: 400,
    })
    expect(maturity.json<{ errors: { message: string }[] }>().errors[0]!.message).toBe(
      'The maturity must be a whole number of days from 0 to 365.',
    )
    const unpublished = await insertPriceList(t.database.db, { published: false })
    for (const id of [unpublished, 999999]) {
      const response = await call(partnerManager, 'POST', url, {
        ...VALID_APPROVAL(),
        priceListId: id,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'PRICE_LIST_UNKNOWN',
        message: 'Choose an existing published price list.',
      })
    }
    const emptyReason = await call(partnerManager, 'POST', `/admin/partners/${partner.id}/reject`, {
      reason: '  ',
    })
    expect(emptyReason.statusCode).toBe(400)
    expect(emptyReason.json()).toMatchObject({
      errors: [{ path: 'body/reason', message: 'Please give the reason for the rejection.' }],
    })
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, partner.id))
    expect(row).toMatchObject({
      partnerStatus: 'pending',
      priceListId: null,
      partnerDecidedAt: null,
    })
  })

  it('approves: terms set, decided at/by, activation mail in the partner language, audited; a second decision is 409', async () => {
    const db = t.database.db
    const partner = await insertCustomer(db, {
      kind: 'partner',
      language: 'en',
      firstName: 'Jane',
      lastName: 'Doe',
    })
    const response = await call(
      partnerManager,
      'POST',
      `/admin/partners/${partner.id}/approve`,
      VALID_APPROVAL(),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id: partner.id, partnerStatus: 'approved' })
    const [row] = await db.select().from(customers).where(eq(customers.id, partner.id))
    expect(row).toMatchObject({
      partnerStatus: 'approved',
      priceListId,
      invoiceMaturityDays: 30,
      creditLimit: 5_000_000,
      creditCurrency: 'CZK',
    })
    expect(row!.partnerDecidedAt).toBeInstanceOf(Date)
    expect(row!.partnerDecidedBy).not.toBeNull()

    const [mail] = await db.select().from(emailLog).where(eq(emailLog.to, partner.email))
    expect(mail).toMatchObject({ subject: 'Your partner account is active' })
    expect((await waitForMailRow(db, mail!.id)).status).toBe('logged')
    expect(mail!.text).toContain('Hello Jane Doe')
    expect(mail!.text).toContain('30 days')
    expect(mail!.text).toContain('/en/login')

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'customer.partnerApprove'),
          eq(auditLog.entityId, String(partner.id)),
        ),
      )
    expect(entry).toMatchObject({
      entityType: 'customer',
      actorName: 'partner.manager',
      before: { partnerStatus: 'pending', priceListId: null },
      after: { partnerStatus: 'approved', priceListId, invoiceMaturityDays: 30 },
    })

    for (const [path, body] of [
      ['approve', VALID_APPROVAL()],
      ['reject', { reason: 'Too late' }],
    ] as const) {
      const again = await call(
        partnerManager,
        'POST',
        `/admin/partners/${partner.id}/${path}`,
        body,
      )
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({
        code: 'PARTNER_ALREADY_DECIDED',
        message: 'This partner has already been decided on.',
      })
    }
    const czech = await call(
      partnerManager,
      'POST',
      `/admin/partners/${partner.id}/approve`,
      VALID_APPROVAL(),
    )
    expect(czech.statusCode).toBe(409)
  })

  it('rejects with the reason in a mail in the partner language, ends its sessions, audited', async () => {
    const db = t.database.db
    const partner = await insertCustomer(db, { kind: 'partner', language: 'cs' })
    await startCustomerSession(db, { customerId: partner.id, ip: null, userAgent: null })
    const live = await db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, partner.id))
    expect(live).toHaveLength(1)
    const response = await call(partnerManager, 'POST', `/admin/partners/${partner.id}/reject`, {
      reason: 'Nemáte kamenný obchod.',
    })
    expect(response.statusCode, response.body).toBe(200)
    const [row] = await db.select().from(customers).where(eq(customers.id, partner.id))
    expect(row).toMatchObject({
      partnerStatus: 'rejected',
      rejectionReason: 'Nemáte kamenný obchod.',
    })
    const [mail] = await db.select().from(emailLog).where(eq(emailLog.to, partner.email))
    expect(mail!.subject).toBe('Vaše žádost o partnerský účet')
    expect(mail!.text).toContain('Důvod: Nemáte kamenný obchod.')
    const sessions = await db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, partner.id))
    expect(sessions).toEqual([])
    const detail = (
      await call(admin, 'GET', `/admin/customers/${partner.id}`)
    ).json<CustomerDetail>()
    expect(detail.history[0]).toMatchObject({
      action: 'customer.partnerReject',
      after: { partnerStatus: 'rejected', rejectionReason: 'Nemáte kamenný obchod.' },
    })
    expect(detail.partnerDecidedBy).toBe('partner.manager')
  })

  it('answers 404 for a retail customer or an unknown id', async () => {
    const retail = await insertCustomer(t.database.db)
    for (const id of [retail.id, 999999]) {
      const response = await call(
        partnerManager,
        'POST',
        `/admin/partners/${id}/approve`,
        VALID_APPROVAL(),
      )
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ message: 'Partner not found.' })
    }
  })
})

describe('complaints queue', () => {
  let complaintId: number
  let partnerEmail: string
  beforeAll(async () => {
    const partner = await insertCustomer(t.database.db, {
      kind: 'partner',
      partnerStatus: 'approved',
    })
    partnerEmail = partner.email
    complaintId = (await insertComplaint(t.database.db, partner.id)).complaintId
    await insertComplaint(t.database.db, partner.id, { state: 'resolved' })
  })

  it('lists complaints by state and shows one with its messages and next states', async () => {
    const open = (await call(support, 'GET', '/admin/complaints/list?state=open')).json<{
      items: { id: number; state: string }[]
    }>()
    expect(open.items.map((c) => c.id)).toContain(complaintId)
    expect(open.items.every((c) => c.state === 'open')).toBe(true)
    const detail = (
      await call(support, 'GET', `/admin/complaints/${complaintId}`)
    ).json<ComplaintDetail>()
    expect(detail).toMatchObject({
      state: 'open',
      nextStates: ['accepted', 'rejected'],
      messages: [{ author: 'customer', text: 'Please replace it.' }],
      photos: [],
    })
    expect((await call(support, 'GET', '/admin/complaints/999999')).statusCode).toBe(404)
  })

  it('serves a complaint photo to staff, and only under its own complaint', async () => {
    const store = createAssetStore({ DATA_DIR: t.dataDir })
    const picture = Buffer.from('GIF89a-test-picture')
    await store.put('complaints/test/photo.gif', picture, 'image/gif')
    const [photo] = await t.database.db
      .insert(complaintPhotos)
      .values({ complaintId, storageKey: 'complaints/test/photo.gif', mimeType: 'image/gif' })
      .returning({ id: complaintPhotos.id })
    const detail = (
      await call(support, 'GET', `/admin/complaints/${complaintId}`)
    ).json<ComplaintDetail>()
    const url = `/admin/complaints/${complaintId}/photos/${photo!.id}`
    expect(detail.photos).toEqual([{ id: photo!.id, url }])
    const served = await call(support, 'GET', url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/gif')
    expect(served.rawPayload.equals(picture)).toBe(true)
    const elsewhere = await call(
      support,
      'GET',
      `/admin/complaints/${complaintId + 1}/photos/${photo!.id}`,
    )
    expect(elsewhere.statusCode).toBe(404)
  })

  it('moves along the workflow only, audited; a wrong move is a translated 409', async () => {
    const wrong = await call(support, 'POST', `/admin/complaints/${complaintId}/state`, {
      state: 'resolved',
    })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toMatchObject({ message: 'The complaint cannot move to this state.' })
    const accepted = await call(support, 'POST', `/admin/complaints/${complaintId}/state`, {
      state: 'accepted',
    })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json<ComplaintDetail>()).toMatchObject({
      state: 'accepted',
      nextStates: ['resolved'],
    })
    const invalid = await call(support, 'POST', `/admin/complaints/${complaintId}/state`, {
      state: 'lost',
    })
    expect(invalid.statusCode).toBe(400)
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'complaint.state'), eq(auditLog.entityId, String(complaintId))),
      )
    expect(entry).toMatchObject({ before: { state: 'open' }, after: { state: 'accepted' } })
  })

  it('adds the shop reply as a staff message; an empty reply is refused', async () => {
    const reply = await call(support, 'POST', `/admin/complaints/${complaintId}/messages`, {
      text: 'We send a new hinge.',
    })
    expect(reply.statusCode).toBe(200)
    expect(reply.json<ComplaintDetail>().messages.at(-1)).toMatchObject({
      author: 'staff',
      text: 'We send a new hinge.',
    })
    // The partner is told in their language, with a link to the complaint in the account.
    const [mail] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, partnerEmail))
      .orderBy(desc(emailLog.id))
    expect(mail?.subject).toContain(String(complaintId))
    expect(mail?.text).toContain('We send a new hinge.')
    expect(mail?.text).toContain(`/account/complaints/${complaintId}`)
    const empty = await call(support, 'POST', `/admin/complaints/${complaintId}/messages`, {
      text: ' ',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
  })
})
