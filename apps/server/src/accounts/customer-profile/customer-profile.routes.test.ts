import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  Addresses,
  CustomerAddress,
  OrderDetail,
  OrderList,
  Profile,
} from '@optika/domain/accounts/profile-api'
import { customerSessions } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
  TEST_CUSTOMER_PASSWORD,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { insertPriceList } from '../../../test/kits/admin-customers-test-kit.ts'
import { callAs, insertAddress, insertOrder } from '../../../test/kits/account-test-kit.ts'
import { REAUTH_FAILURES_PER_HOUR } from './profile.service.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function signedIn(overrides: Parameters<typeof insertCustomer>[1] = {}) {
  const customer = await insertCustomer(t.database.db, overrides)
  return { ...customer, cookie: await signInCustomer(t.app, customer.email, customer.password) }
}

const profileInput = (email: string) => ({
  email,
  firstName: 'Jana',
  lastName: 'Nováková',
  phone: '+420601234567',
  company: '',
  website: 'https://optika.example',
})

describe('without a session', () => {
  it.each([
    ['GET', '/api/account/profile'],
    ['PUT', '/api/account/profile'],
    ['PUT', '/api/account/password'],
    ['PUT', '/api/account/newsletter'],
    ['GET', '/api/account/addresses'],
    ['POST', '/api/account/addresses'],
    ['PUT', '/api/account/addresses/1'],
    ['DELETE', '/api/account/addresses/1'],
    ['GET', '/api/account/export'],
    ['POST', '/api/account/delete'],
    ['GET', '/api/account/orders'],
    ['GET', '/api/account/orders/1'],
  ] as const)(
    '%s %s answers 401 "You are not logged in" before reading input',
    async (method, url) => {
      const response = await callAs(t.app, null, method, url, method === 'GET' ? undefined : {})
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ message: 'You are not logged in' })
    },
  )
  it('answers 401 even to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{not json',
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('profile', () => {
  it('shows personal data, client number, newsletter frequency and no secrets', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'GET', '/api/account/profile')
    expect(response.statusCode).toBe(200)
    const profile = response.json<Profile>()
    expect(profile).toMatchObject({
      id: me.id,
      kind: 'customer',
      email: me.email,
      clientNumber: me.clientNumber,
      phone: '+420 601 234 567',
      country: 'CZ',
      partner: null,
      newsletter: {
        subscribed: false,
        consentAt: null,
        frequencyText: 'We send the newsletter at most twice a month.',
      },
    })
    expect(response.body).not.toContain('argon2')
    expect(response.body).not.toContain('passwordHash')
  })

  it('shows an approved partner the price list name, invoice maturity and credit limit', async () => {
    const listId = await insertPriceList(t.database.db, { name: 'Velkoobchod CZK' })
    const partner = await signedIn({ kind: 'partner' })
    await approvePartner(t.database.db, partner.id, listId)
    const profile = (
      await callAs(t.app, partner.cookie, 'GET', '/api/account/profile')
    ).json<Profile>()
    expect(profile.partner).toEqual({
      status: 'approved',
      priceListId: listId,
      priceListName: 'Velkoobchod CZK',
      invoiceMaturityDays: 14,
      creditLimit: { amount: 5_000_000, currency: 'CZK' },
      rejectionReason: null,
    })
  })

  it('shows a pending partner no partner terms', async () => {
    const partner = await signedIn({ kind: 'partner' })
    const profile = (
      await callAs(t.app, partner.cookie, 'GET', '/api/account/profile')
    ).json<Profile>()
    expect(profile.partner).toMatchObject({
      status: 'pending',
      priceListName: null,
      creditLimit: null,
    })
  })

  it('saves personal and company data, the phone written the shop way', async () => {
    const me = await signedIn()
    const email = `renamed${me.id}@example.com`
    const response = await callAs(t.app, me.cookie, 'PUT', '/api/account/profile', {
      ...profileInput(email),
      company: 'Optika Nová s.r.o.',
      tin: '12345678',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<Profile>()).toMatchObject({
      email,
      firstName: 'Jana',
      lastName: 'Nováková',
      phone: '+420 601 234 567',
      company: 'Optika Nová s.r.o.',
      tin: '12345678',
      website: 'https://optika.example',
    })
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, me.id))
    expect(row?.email).toBe(email)
  })

  it("refuses another customer's e-mail, in any letter case, and changes nothing", async () => {
    const other = await insertCustomer(t.database.db)
    const me = await signedIn()
    const response = await callAs(
      t.app,
      me.cookie,
      'PUT',
      '/api/account/profile',
      profileInput(other.email.toUpperCase()),
    )
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'EMAIL_EXISTS',
      message: 'this e-mail already exists, please log in',
    })
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, me.id))
    expect(row?.email).toBe(me.email)
    expect(row?.firstName).toBe('Test')
  })

  it('refuses a phone not in international format with the country example', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'PUT', '/api/account/profile', {
      ...profileInput(me.email),
      phone: '601 234 567',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [
        {
          path: 'body/phone',
          message: 'Wrong phone number format, expected like +420 601 234 567',
        },
      ],
    })
  })

  it('refuses a malformed e-mail and missing names with field errors', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'PUT', '/api/account/profile', {
      ...profileInput('not an email'),
      firstName: '',
    })
    expect(response.statusCode).toBe(400)
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['body/email', 'body/firstName']))
  })

  it('keeps a company name on a partner account', async () => {
    const partner = await signedIn({ kind: 'partner' })
    const response = await callAs(t.app, partner.cookie, 'PUT', '/api/account/profile', {
      ...profileInput(partner.email),
      company: '',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: [{ path: 'body/company' }] })
  })
})

describe('password change', () => {
  it('needs the current password: a wrong one is "Login failed. Wrong password" and changes nothing', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'PUT', '/api/account/password', {
      currentPassword: 'not my password',
      password: 'brand new secret',
      passwordRepeat: 'brand new secret',
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ message: 'Login failed. Wrong password' })
    await expect(signInCustomer(t.app, me.email, TEST_CUSTOMER_PASSWORD)).resolves.toContain('=')
  })

  it('applies the registration rules to the new password', async () => {
    const me = await signedIn()
    const short = await callAs(t.app, me.cookie, 'PUT', '/api/account/password', {
      currentPassword: TEST_CUSTOMER_PASSWORD,
      password: 'short',
      passwordRepeat: 'short',
    })
    expect(short.statusCode).toBe(400)
    const different = await callAs(t.app, me.cookie, 'PUT', '/api/account/password', {
      currentPassword: TEST_CUSTOMER_PASSWORD,
      password: 'brand new secret',
      passwordRepeat: 'brand new secret!',
    })
    expect(different.statusCode).toBe(400)
    expect(different.json()).toMatchObject({ errors: [{ path: 'body/passwordRepeat' }] })
  })

  it('changes the password and ends every other session, keeping this one', async () => {
    const me = await signedIn()
    const elsewhere = await signInCustomer(t.app, me.email, me.password)
    const response = await callAs(t.app, me.cookie, 'PUT', '/api/account/password', {
      currentPassword: TEST_CUSTOMER_PASSWORD,
      password: 'brand new secret',
      passwordRepeat: 'brand new secret',
    })
    expect(response.statusCode).toBe(204)
    expect((await callAs(t.app, me.cookie, 'GET', '/api/account/profile')).statusCode).toBe(200)
    expect((await callAs(t.app, elsewhere, 'GET', '/api/account/profile')).statusCode).toBe(401)
    const sessions = await t.database.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, me.id))
    expect(sessions).toHaveLength(1)
    await expect(signInCustomer(t.app, me.email, TEST_CUSTOMER_PASSWORD)).rejects.toThrow()
    await expect(signInCustomer(t.app, me.email, 'brand new secret')).resolves.toContain('=')
  })
  it('pauses re-authentication after repeated wrong passwords', async () => {
    const me = await signedIn()
    const attempt = (currentPassword: string) =>
      callAs(t.app, me.cookie, 'PUT', '/api/account/password', {
        currentPassword,
        password: 'brand new secret',
        passwordRepeat: 'brand new secret',
      })
    for (let i = 0; i < REAUTH_FAILURES_PER_HOUR; i += 1) {
      expect((await attempt(`guess ${i}`)).statusCode).toBe(401)
    }
    expect((await attempt(TEST_CUSTOMER_PASSWORD)).statusCode).toBe(429)
    await expect(signInCustomer(t.app, me.email, TEST_CUSTOMER_PASSWORD)).resolves.toContain('=')
  })
})

describe('newsletter', () => {
  it('records the consent with its time and clears it when withdrawn', async () => {
    const me = await signedIn()
    const before = Date.now()
    const on = await callAs(t.app, me.cookie, 'PUT', '/api/account/newsletter', {
      newsletter: true,
    })
    expect(on.statusCode).toBe(200)
    const subscribed = on.json<Profile>().newsletter
    expect(subscribed.subscribed).toBe(true)
    expect(Date.parse(subscribed.consentAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(subscribed.frequencyText).toBe('We send the newsletter at most twice a month.')

    const again = await callAs(t.app, me.cookie, 'PUT', '/api/account/newsletter', {
      newsletter: true,
    })
    expect(again.json<Profile>().newsletter.consentAt).toBe(subscribed.consentAt)

    const off = await callAs(t.app, me.cookie, 'PUT', '/api/account/newsletter', {
      newsletter: false,
    })
    expect(off.json<Profile>().newsletter).toMatchObject({ subscribed: false, consentAt: null })
  })
})

describe('addresses', () => {
  const delivery = {
    name: 'Jan Novák',
    street: 'Hlavní 1',
    city: 'Brno',
    postcode: '60200',
    country: 'CZ',
    phone: '+420 777 123 456',
  }

  it('lists the billing address and delivery addresses, the default first', async () => {
    const me = await signedIn()
    const billing = await insertAddress(t.database.db, me.id, 'billing')
    const first = await insertAddress(t.database.db, me.id, 'delivery', { isDefault: false })
    const chosen = await insertAddress(t.database.db, me.id, 'delivery', { isDefault: true })
    const response = await callAs(t.app, me.cookie, 'GET', '/api/account/addresses')
    const addresses = response.json<Addresses>()
    expect(addresses.billing?.id).toBe(billing)
    expect(addresses.delivery.map((a) => a.id)).toEqual([chosen, first])
  })

  it('adds delivery addresses (the first becomes default), normalizing the postcode', async () => {
    const me = await signedIn()
    const one = await callAs(t.app, me.cookie, 'POST', '/api/account/addresses', delivery)
    expect(one.statusCode).toBe(201)
    expect(one.json<CustomerAddress>()).toMatchObject({
      kind: 'delivery',
      postcode: '602 00',
      isDefault: true,
    })
    const two = await callAs(t.app, me.cookie, 'POST', '/api/account/addresses', {
      ...delivery,
      street: 'Dlouhá 2',
      isDefault: true,
    })
    expect(two.json<CustomerAddress>().isDefault).toBe(true)
    const list = (await callAs(t.app, me.cookie, 'GET', '/api/account/addresses')).json<Addresses>()
    expect(list.delivery.filter((a) => a.isDefault).map((a) => a.street)).toEqual(['Dlouhá 2'])
  })

  it('checks the postcode and phone formats of the address country', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'POST', '/api/account/addresses', {
      ...delivery,
      country: 'PL',
      postcode: '602 00',
      phone: '12345',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      errors: [
        { path: 'body/postcode', message: 'wrong format of zip code' },
        { path: 'body/phone', message: 'Wrong phone number format, expected like +48 512 345 678' },
      ],
    })
    const list = (await callAs(t.app, me.cookie, 'GET', '/api/account/addresses')).json<Addresses>()
    expect(list.delivery).toEqual([])
  })

  it('edits the one billing address, which cannot be added twice or deleted', async () => {
    const me = await signedIn()
    const billing = await insertAddress(t.database.db, me.id, 'billing')
    const second = await callAs(t.app, me.cookie, 'POST', '/api/account/addresses', {
      ...delivery,
      kind: 'billing',
    })
    expect(second.statusCode).toBe(409)
    const edited = await callAs(t.app, me.cookie, 'PUT', `/api/account/addresses/${billing}`, {
      ...delivery,
      country: 'SK',
      postcode: '81101',
      phone: '',
      kind: 'delivery',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json<CustomerAddress>()).toMatchObject({
      kind: 'billing',
      country: 'SK',
      postcode: '811 01',
      phone: null,
    })
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, me.id))
    expect(row?.country).toBe('SK')
    const removed = await callAs(t.app, me.cookie, 'DELETE', `/api/account/addresses/${billing}`)
    expect(removed.statusCode).toBe(409)
  })

  it('deletes a delivery address; the next one becomes the default', async () => {
    const me = await signedIn()
    const first = await insertAddress(t.database.db, me.id, 'delivery', { isDefault: true })
    const next = await insertAddress(t.database.db, me.id, 'delivery', { isDefault: false })
    const response = await callAs(t.app, me.cookie, 'DELETE', `/api/account/addresses/${first}`)
    expect(response.statusCode).toBe(204)
    const list = (await callAs(t.app, me.cookie, 'GET', '/api/account/addresses')).json<Addresses>()
    expect(list.delivery).toEqual([expect.objectContaining({ id: next, isDefault: true })])
  })

  it('answers "Address not found" for an unknown id', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'DELETE', '/api/account/addresses/999999')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: 'Address not found' })
  })
})

describe('orders', () => {
  it('lists no orders as an empty list', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'GET', '/api/account/orders')
    expect(response.json()).toEqual({ orders: [] })
  })

  it("lists the viewer's orders newest first and shows one with its items", async () => {
    const me = await signedIn()
    const old = await insertOrder(t.database.db, me.id, {
      createdAt: new Date('2026-01-05T10:00:00Z'),
    })
    const recent = await insertOrder(t.database.db, me.id, {
      createdAt: new Date('2026-03-05T10:00:00Z'),
      status: 'shipped',
      items: [
        { code: 'RB-1', name: 'Aviator', quantity: 2 },
        { code: 'RB-2', name: 'Wayfarer', quantity: 1 },
      ],
    })
    const list = (await callAs(t.app, me.cookie, 'GET', '/api/account/orders')).json<OrderList>()
    expect(list.orders.map((o) => o.number)).toEqual([recent.number, old.number])
    expect(list.orders[0]).toMatchObject({
      status: 'shipped',
      date: '2026-03-05T10:00:00.000Z',
      totalGross: 363_000,
      currency: 'CZK',
    })
    const detail = await callAs(t.app, me.cookie, 'GET', `/api/account/orders/${recent.id}`)
    expect(detail.statusCode).toBe(200)
    expect(detail.json<OrderDetail>().items).toEqual([
      expect.objectContaining({
        code: 'RB-1',
        quantity: 2,
        totalGross: 242_000,
        complainedQuantity: 0,
      }),
      expect.objectContaining({ code: 'RB-2', quantity: 1, totalNet: 100_000 }),
    ])
  })

  it('answers 400 for an id that is not a number', async () => {
    const me = await signedIn()
    const response = await callAs(t.app, me.cookie, 'GET', '/api/account/orders/abc')
    expect(response.statusCode).toBe(400)
  })
})

describe('OpenAPI', () => {
  it('documents the account and partner routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/account/profile',
        '/api/account/addresses/{id}',
        '/api/account/export',
        '/api/account/orders/{id}',
        '/api/partner/price-lists/{file}',
        '/api/partner/promotion-material/{id}/download',
        '/api/partner/complaints/{id}/photos/{photoId}',
      ]),
    )
  })
})
