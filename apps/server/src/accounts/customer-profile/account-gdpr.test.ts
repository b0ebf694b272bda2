import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  complaintMessages,
  complaints,
  customerAddresses,
  customerSessions,
  orders,
} from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
  TEST_CUSTOMER_PASSWORD,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { CUSTOMER_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import { callAs, insertAddress, insertOrder } from '../../../test/kits/account-test-kit.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** A partner with an address, an order, a complaint with a message, and two sessions. */
async function fullAccount() {
  const db = t.database.db
  const customer = await insertCustomer(db, {
    kind: 'partner',
    firstName: 'Jana',
    lastName: 'Dvořáková',
    tin: '27074358',
    newsletter: true,
    newsletterConsentAt: new Date(),
  })
  await approvePartner(db, customer.id)
  await insertAddress(db, customer.id, 'billing', { street: 'Karlova 7' })
  const order = await insertOrder(db, customer.id, {
    email: customer.email,
    name: 'Jana Dvořáková',
    clientNumber: customer.clientNumber,
  })
  const [complaint] = await db
    .insert(complaints)
    .values({
      customerId: customer.id,
      orderItemId: order.itemIds[0]!,
      quantity: 1,
      reason: 'Scratched lens',
    })
    .returning({ id: complaints.id })
  await db
    .insert(complaintMessages)
    .values({ complaintId: complaint!.id, author: 'customer', text: 'Photo follows' })
  const cookie = await signInCustomer(t.app, customer.email, customer.password)
  const elsewhere = await signInCustomer(t.app, customer.email, customer.password)
  return { ...customer, order, complaintId: complaint!.id, cookie, elsewhere }
}

describe('GET /api/account/export', () => {
  it("downloads the customer's profile, addresses, orders and complaints as JSON, without secrets", async () => {
    const me = await fullAccount()
    const response = await callAs(t.app, me.cookie, 'GET', '/api/account/export')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="optika-74.*\.json"$/,
    )
    const data = response.json<{
      account: Record<string, unknown>
      addresses: { billing: { street: string } }
      orders: { number: string; items: { code: string }[] }[]
      complaints: { reason: string; messages: { text: string }[] }[]
    }>()
    expect(data.account).toMatchObject({
      email: me.email,
      clientNumber: me.clientNumber,
      firstName: 'Jana',
      tin: '27074358',
      newsletter: true,
    })
    expect(data.addresses.billing.street).toBe('Karlova 7')
    expect(data.orders).toEqual([
      expect.objectContaining({
        number: me.order.number,
        items: [expect.objectContaining({ code: 'RB-3025' })],
      }),
    ])
    expect(data.complaints).toEqual([
      expect.objectContaining({
        reason: 'Scratched lens',
        messages: [expect.objectContaining({ text: 'Photo follows' })],
      }),
    ])
    expect(data.account).not.toHaveProperty('passwordHash')
    expect(response.body).not.toContain('$argon2')
    const sessions = await t.database.db
      .select({ tokenHash: customerSessions.tokenHash })
      .from(customerSessions)
      .where(eq(customerSessions.customerId, me.id))
    expect(sessions.length).toBe(2)
    for (const { tokenHash } of sessions) expect(response.body).not.toContain(tokenHash)
    for (const cookie of [me.cookie, me.elsewhere]) {
      expect(response.body).not.toContain(cookie.split('=')[1])
    }
  })
})

describe('POST /api/account/delete', () => {
  it('refuses a wrong password with "Login failed. Wrong password" and deletes nothing', async () => {
    const me = await fullAccount()
    const response = await callAs(t.app, me.cookie, 'POST', '/api/account/delete', {
      password: 'guess',
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Login failed. Wrong password',
    })
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, me.id))
    expect(row).toMatchObject({ email: me.email, deletedAt: null })
    expect((await callAs(t.app, me.cookie, 'GET', '/api/account/profile')).statusCode).toBe(200)
  })

  it('anonymizes the account, ends its sessions, clears the cookie and keeps the orders anonymized', async () => {
    const me = await fullAccount()
    const response = await callAs(t.app, me.cookie, 'POST', '/api/account/delete', {
      password: TEST_CUSTOMER_PASSWORD,
    })
    expect(response.statusCode).toBe(204)
    const cleared = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)
    expect(cleared?.value).toBe('')

    const db = t.database.db
    const [row] = await db.select().from(customers).where(eq(customers.id, me.id))
    expect(row).toMatchObject({
      email: `deleted-${me.id}@invalid`,
      firstName: '',
      lastName: '',
      phone: '',
      company: null,
      tin: null,
      newsletter: false,
      newsletterConsentAt: null,
    })
    expect(row?.deletedAt).toBeInstanceOf(Date)
    expect(row?.passwordHash).not.toContain('$argon2')
    expect(
      await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, me.id)),
    ).toEqual([])
    expect(
      await db.select().from(customerSessions).where(eq(customerSessions.customerId, me.id)),
    ).toEqual([])

    const [order] = await db.select().from(orders).where(eq(orders.id, me.order.id))
    expect(order).toMatchObject({
      number: me.order.number,
      customerId: null,
      name: '',
      email: `deleted-${me.id}@invalid`,
      // Kept on purpose: the reference invoices and warranty claims are filed under.
      clientNumber: me.clientNumber,
      totalGross: 363_000,
    })

    for (const cookie of [me.cookie, me.elsewhere]) {
      expect((await callAs(t.app, cookie, 'GET', '/api/account/profile')).statusCode).toBe(401)
    }
    await expect(signInCustomer(t.app, me.email, TEST_CUSTOMER_PASSWORD)).rejects.toThrow()
    await expect(
      signInCustomer(t.app, `deleted-${me.id}@invalid`, TEST_CUSTOMER_PASSWORD),
    ).rejects.toThrow()
  })

  it('frees the e-mail address for a new registration', async () => {
    const me = await fullAccount()
    await callAs(t.app, me.cookie, 'POST', '/api/account/delete', {
      password: TEST_CUSTOMER_PASSWORD,
    })
    const again = await insertCustomer(t.database.db, { email: me.email })
    expect(again.email).toBe(me.email)
  })
})
