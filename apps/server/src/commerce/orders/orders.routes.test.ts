import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail, OrderList } from '@optika/domain/accounts/profile-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { callAs } from '../../../test/kits/account-test-kit.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { insertFullOrder } from '../../../test/kits/orders-test-kit.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function signedInPartner() {
  const customer = await insertCustomer(t.database.db, { kind: 'partner', language: 'cs' })
  await approvePartner(t.database.db, customer.id)
  return { ...customer, cookie: await signInCustomer(t.app, customer.email, customer.password) }
}

async function invoiceOrder(customerId: number, clientNumber: string) {
  return insertFullOrder(t.database.db, {
    customerId,
    clientNumber,
    buyerKind: 'partner',
    paymentKind: 'invoice',
    paymentName: 'Faktura',
    maturityDays: 14,
    vatPercent: 0,
    itemsGross: 200_000,
    discountGross: 20_000,
    shippingGross: 10_000,
    totalGross: 210_000,
    billingAddress: {
      company: 'Optik Łódź sp. z o.o.',
      name: 'Zofia Wójcik',
      street: 'Piotrkowska 1',
      city: 'Łódź',
      postcode: '90-001',
      country: 'PL',
      vatId: 'PL5260250274',
    },
  })
}

describe('the invoice of a partner order', () => {
  it('downloads as a PDF with the order number for the partner who ordered', async () => {
    const me = await signedInPartner()
    const order = await invoiceOrder(me.id, me.clientNumber)
    const response = await callAs(
      t.app,
      me.cookie,
      'GET',
      `/api/account/orders/${order.id}/invoice.pdf`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${order.number}.pdf"`,
    )
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const pdf = await PDFDocument.load(response.rawPayload)
    // callAs asks in English.
    expect(pdf.getTitle()).toBe(`Invoice ${order.number}`)
    expect(pdf.getPageCount()).toBe(1)
  })

  it('is 404 for another customer, for an order not paid by invoice, and 401 without a session', async () => {
    const me = await signedInPartner()
    const other = await signedInPartner()
    const theirs = await invoiceOrder(other.id, other.clientNumber)
    const mineByTransfer = await insertFullOrder(t.database.db, { customerId: me.id })
    for (const id of [theirs.id, mineByTransfer.id, 987_654_321]) {
      const response = await callAs(
        t.app,
        me.cookie,
        'GET',
        `/api/account/orders/${id}/invoice.pdf`,
      )
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' })
    }
    const anonymous = await callAs(
      t.app,
      null,
      'GET',
      `/api/account/orders/${theirs.id}/invoice.pdf`,
    )
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('the order history', () => {
  it('lists status keys and the invoice link, and shows every order field on the detail', async () => {
    const me = await signedInPartner()
    const invoice = await invoiceOrder(me.id, me.clientNumber)
    const transfer = await insertFullOrder(t.database.db, {
      customerId: me.id,
      status: 'mislaid',
      createdAt: new Date('2026-01-01T08:00:00Z'),
    })
    const list = (await callAs(t.app, me.cookie, 'GET', '/api/account/orders')).json<OrderList>()
    expect(list.orders).toEqual([
      expect.objectContaining({
        id: invoice.id,
        statusKey: 'orderStatus.new',
        paymentKind: 'invoice',
        invoiceUrl: `/api/account/orders/${invoice.id}/invoice.pdf`,
      }),
      expect.objectContaining({
        id: transfer.id,
        statusKey: 'order.unknownStatus',
        invoiceUrl: null,
      }),
    ])
    const detail = await callAs(t.app, me.cookie, 'GET', `/api/account/orders/${invoice.id}`)
    expect(detail.statusCode).toBe(200)
    const body = detail.json<OrderDetail>()
    expect(body).toMatchObject({
      number: invoice.number,
      currency: 'CZK',
      vatPercent: 0,
      catalogSumNet: 240_000,
      discount: { net: 20_000, gross: 20_000 },
      couponCode: 'JARO10',
      shipping: { name: 'Spedice DHL Freight', price: { net: 10_000, gross: 10_000 } },
      payment: { name: 'Faktura', fee: { net: 0, gross: 0 } },
      billingAddress: { company: 'Optik Łódź sp. z o.o.', vatId: 'PL5260250274' },
      deliveryAddress: { city: 'Praha' },
      comment: 'Prosím zavolat před doručením.',
      dueDate: '2026-03-16',
      history: [{ status: 'new', statusKey: 'orderStatus.new', date: '2026-03-02T09:30:00.000Z' }],
    })
    expect(body.items[0]).toMatchObject({
      code: 'VIS-AVI-01',
      quantity: 2,
      unitPriceNet: 100_000,
      totalNet: 200_000,
      catalogPriceNet: 110_000,
      sparePart: false,
      // A product no longer in the catalogue has no picture to show.
      thumbnail: null,
    })
  })
})
