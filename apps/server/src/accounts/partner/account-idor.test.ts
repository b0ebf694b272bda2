import { asc } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ComplaintDetail } from '@optika/domain/accounts/partner-api'
import {
  complaintMessages,
  complaintPhotos,
  complaints,
  customerAddresses,
  orderItems,
  orders,
} from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertPriceList } from '../../../test/kits/admin-customers-test-kit.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'
import {
  callAs,
  insertAddress,
  insertOrder,
  type Method,
} from '../../../test/kits/account-test-kit.ts'

/**
 * Insecure direct object references: three approved partners, each with an address, an order, a
 * complaint with a photo and a price list of their own. Every route that takes an id is called
 * by each of them with the others' ids: the answer is 404 and no row anywhere changes.
 */
let t: TestApp

interface Account {
  id: number
  cookie: string
  addressId: number
  orderId: number
  orderNumber: string
  itemId: number
  complaintId: number
  photoId: number
  priceListId: number
}
let accounts: Account[] = []

function uploadPhoto(cookie: string, complaintId: number, content: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'photo.png')
  return t.app.inject({
    method: 'POST',
    url: `/api/partner/complaints/${complaintId}/photos`,
    headers: { cookie, 'accept-language': 'en' },
    payload: form,
  })
}

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#08f' } })
    .png()
    .toBuffer()

async function account(n: number): Promise<Account> {
  const db = t.database.db
  const customer = await insertCustomer(db, { kind: 'partner', company: `Optik ${n}` })
  const priceListId = await insertPriceList(db, { name: `List ${n}` })
  await approvePartner(db, customer.id, priceListId)
  const cookie = await signInCustomer(t.app, customer.email, customer.password)
  const addressId = await insertAddress(db, customer.id, 'delivery', { street: `Street ${n}` })
  const order = await insertOrder(db, customer.id)
  const created = await callAs(t.app, cookie, 'POST', '/api/partner/complaints', {
    orderItemId: order.itemIds[0],
    quantity: 1,
    reason: `Reason ${n}`,
  })
  const complaintId = created.json<ComplaintDetail>().id
  const photo = await uploadPhoto(cookie, complaintId, await png())
  const photoId = photo.json<ComplaintDetail>().photos[0]!.id
  return {
    id: customer.id,
    cookie,
    addressId,
    orderId: order.id,
    orderNumber: order.number,
    itemId: order.itemIds[0]!,
    complaintId,
    photoId,
    priceListId,
  }
}

/** Every row a foreign call could touch. */
async function snapshot() {
  const db = t.database.db
  return {
    customers: await db
      .select({
        id: customers.id,
        email: customers.email,
        firstName: customers.firstName,
        phone: customers.phone,
        updatedAt: customers.updatedAt,
        deletedAt: customers.deletedAt,
      })
      .from(customers)
      .orderBy(asc(customers.id)),
    addresses: await db.select().from(customerAddresses).orderBy(asc(customerAddresses.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    items: await db.select().from(orderItems).orderBy(asc(orderItems.id)),
    complaints: await db.select().from(complaints).orderBy(asc(complaints.id)),
    messages: await db.select().from(complaintMessages).orderBy(asc(complaintMessages.id)),
    photos: await db.select().from(complaintPhotos).orderBy(asc(complaintPhotos.id)),
  }
}

const address = {
  street: 'Taken 1',
  city: 'Praha',
  postcode: '110 00',
  country: 'CZ',
}

/** The calls one account makes with another account's ids. */
function foreignCalls(me: Account, other: Account): [Method, string, unknown][] {
  return [
    ['PUT', `/api/account/addresses/${other.addressId}`, address],
    ['DELETE', `/api/account/addresses/${other.addressId}`, undefined],
    ['GET', `/api/account/orders/${other.orderId}`, undefined],
    ['GET', `/api/partner/price-lists/${other.priceListId}.xlsx`, undefined],
    ['GET', `/api/partner/price-lists/${other.priceListId}.csv`, undefined],
    ['GET', `/api/partner/price-lists/${other.priceListId}.pdf`, undefined],
    [
      'POST',
      '/api/partner/complaints',
      { orderItemId: other.itemId, quantity: 1, reason: 'Mine?' },
    ],
    ['GET', `/api/partner/complaints/${other.complaintId}`, undefined],
    ['POST', `/api/partner/complaints/${other.complaintId}/messages`, { text: 'Hijack' }],
    ['GET', `/api/partner/complaints/${other.complaintId}/photos/${other.photoId}`, undefined],
    // One's own complaint with somebody else's photo id.
    ['GET', `/api/partner/complaints/${me.complaintId}/photos/${other.photoId}`, undefined],
  ]
}

beforeAll(async () => {
  t = await buildTestApp()
  accounts = [await account(1), await account(2), await account(3)]
})
afterAll(() => t.close())

describe('another customer’s ids', () => {
  it('answer 404 on every route and change nothing', async () => {
    const before = await snapshot()
    for (const me of accounts) {
      for (const other of accounts.filter((a) => a !== me)) {
        for (const [method, url, payload] of foreignCalls(me, other)) {
          const response = await callAs(t.app, me.cookie, method, url, payload)
          expect(response.statusCode, `${method} ${url}`).toBe(404)
          expect(response.body, `${method} ${url}`).not.toContain(other.orderNumber)
        }
        const photo = await uploadPhoto(me.cookie, other.complaintId, await png())
        expect(photo.statusCode).toBe(404)
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('never appear in the lists or the export of the others', async () => {
    for (const me of accounts) {
      const others = accounts.filter((a) => a !== me)
      const addresses = await callAs(t.app, me.cookie, 'GET', '/api/account/addresses')
      const orderList = await callAs(t.app, me.cookie, 'GET', '/api/account/orders')
      const complaintList = await callAs(t.app, me.cookie, 'GET', '/api/partner/complaints')
      const priceLists = await callAs(t.app, me.cookie, 'GET', '/api/partner/price-lists')
      const exported = await callAs(t.app, me.cookie, 'GET', '/api/account/export')
      expect(addresses.json()).toMatchObject({ delivery: [{ id: me.addressId }] })
      expect(orderList.json()).toMatchObject({ orders: [{ id: me.orderId }] })
      expect(complaintList.json()).toMatchObject({ complaints: [{ id: me.complaintId }] })
      expect(priceLists.json()).toMatchObject({ priceLists: [{ id: me.priceListId }] })
      for (const other of others) {
        for (const body of [orderList.body, complaintList.body, exported.body]) {
          expect(body).not.toContain(other.orderNumber)
        }
        expect(exported.body).not.toContain(`Reason ${accounts.indexOf(other) + 1}`)
        expect(addresses.body).not.toContain(`"id":${other.addressId},`)
      }
    }
  })

  it('still work for their owner (the ids are real)', async () => {
    for (const me of accounts) {
      for (const [method, url, payload] of foreignCalls(me, me).filter(([m]) => m === 'GET')) {
        const response = await callAs(t.app, me.cookie, method, url, payload)
        expect(response.statusCode, url).toBe(200)
      }
    }
  })
})
