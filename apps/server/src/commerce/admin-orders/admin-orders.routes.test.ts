import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { and, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrderDetail, AdminOrderList } from '@optika/domain/commerce/admin-orders-api'
import {
  orderAttachments,
  orderItems,
  orders,
  orderStatusHistory,
} from '../../platform/db/schema/accounts.ts'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { canMoveOrder, ORDER_STATUSES } from '@optika/domain/commerce/order-status'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import {
  insertOrder,
  insertStockedProduct,
  stockOf,
} from '../../../test/kits/admin-orders-test-kit.ts'

let t: TestApp
/** Holds `orders` only. */
let clerk: string
/** Signed in, with every key but `orders`. */
let other: string
let nobody: string

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

function upload(orderId: number, content: Buffer, name: string, type: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(content)], { type }), name)
  return t.app.inject({
    method: 'POST',
    url: `/admin/orders/${orderId}/attachments`,
    headers: { cookie: clerk, 'accept-language': 'en' },
    payload: form,
  })
}

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id))
  return row!
}

async function historyOf(id: number) {
  return t.database.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.id)
}

async function auditOf(id: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id)
}

async function itemsOf(id: number) {
  return t.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(orderItems.id)
}

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  clerk = await signIn(
    db,
    await insertAdminUser(db, { username: 'order.clerk', permissions: ['orders'] }),
  )
  other = await signIn(
    db,
    await insertAdminUser(db, {
      username: 'customer.support',
      permissions: ['customers', 'partners', 'shippingPayment', 'coupons'],
    }),
  )
  nobody = await signIn(db, await insertAdminUser(db, { username: 'no.keys.orders' }))
})
afterAll(() => t.close())

describe('every route needs a session and the orders key', () => {
  const routes: [Method, string, unknown][] = [
    ['GET', '/admin/orders', undefined],
    ['GET', '/admin/orders/export.csv', undefined],
    ['GET', '/admin/orders/export.xlsx', undefined],
    ['GET', '/admin/orders/1', undefined],
    ['POST', '/admin/orders/1/status', { status: 'confirmed' }],
    ['POST', '/admin/orders/1/shipments', { items: [{ itemId: 1, quantity: 1 }] }],
    ['PUT', '/admin/orders/1/note', { note: 'x' }],
    ['POST', '/admin/orders/1/attachments', undefined],
    ['GET', '/admin/orders/1/attachments/1', undefined],
    ['DELETE', '/admin/orders/1/attachments/1', undefined],
  ]
  it.each(routes)('%s %s: 401 anonymous, 403 without the key', async (method, url, payload) => {
    const anonymous = await call(null, method, url, payload)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' })
    expect((await call(nobody, method, url, payload)).statusCode).toBe(403)
    expect((await call(other, method, url, payload)).statusCode).toBe(403)
  })
})

describe('orders list and export', () => {
  const marker = `Zelen${process.pid}`
  let slovak: Awaited<ReturnType<typeof insertOrder>>
  let czech: Awaited<ReturnType<typeof insertOrder>>
  let partner: Awaited<ReturnType<typeof insertOrder>>
  beforeAll(async () => {
    const db = t.database.db
    slovak = await insertOrder(db, {
      name: `Anna ${marker}á`,
      email: `anna.${marker}@example.com`,
      country: 'SK',
      currency: 'EUR',
      buyerKind: 'customer',
      clientNumber: '74 1111 222',
      paymentKind: 'cashOnDelivery',
      totalGross: 5000,
      createdAt: new Date('2026-03-10T10:00:00Z'),
    })
    czech = await insertOrder(db, {
      name: `Petr ${marker}ý`,
      status: 'confirmed',
      totalGross: 900000,
      createdAt: new Date('2026-03-12T23:30:00Z'),
    })
    partner = await insertOrder(db, {
      name: `Optik ${marker}`,
      buyerKind: 'partner',
      clientNumber: '74 3333 444',
      paymentKind: 'invoice',
      totalGross: 300000,
      createdAt: new Date('2026-03-14T08:00:00Z'),
    })
  })

  async function list(query: string): Promise<AdminOrderList> {
    const response = await call(clerk, 'GET', `/admin/orders?search=${marker}&${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<AdminOrderList>()
  }
  const numbers = (page: AdminOrderList) => page.items.map((item) => item.number)

  it('searches by number, e-mail, name and client number with or without spaces', async () => {
    for (const search of [
      slovak.number,
      `anna.${marker}@EXAMPLE.com`,
      '74 1111 222',
      '741111222',
    ]) {
      const response = await call(
        clerk,
        'GET',
        `/admin/orders?search=${encodeURIComponent(search)}`,
      )
      expect(numbers(response.json<AdminOrderList>())).toEqual([slovak.number])
    }
    expect(numbers(await list(''))).toEqual([partner.number, czech.number, slovak.number])
  })

  it('filters by status, dates, country, currency, payment and buyer kind', async () => {
    expect(numbers(await list('status=confirmed'))).toEqual([czech.number])
    expect(numbers(await list('country=SK'))).toEqual([slovak.number])
    expect(numbers(await list('currency=EUR'))).toEqual([slovak.number])
    expect(numbers(await list('paymentKind=invoice'))).toEqual([partner.number])
    expect(numbers(await list('buyerKind=guest'))).toEqual([czech.number])
    // Whole days, the last one included.
    expect(numbers(await list('from=2026-03-11&to=2026-03-12'))).toEqual([czech.number])
    expect(numbers(await list('from=2026-03-13'))).toEqual([partner.number])
    expect(numbers(await list('status=&country='))).toHaveLength(3)
  })

  it('sorts by date or total and pages without repeating a row', async () => {
    expect(numbers(await list('sort=total&order=asc'))).toEqual([
      slovak.number,
      partner.number,
      czech.number,
    ])
    const first = await list('limit=2&page=1&order=asc')
    const second = await list('limit=2&page=2&order=asc')
    expect(first.total).toBe(3)
    expect(numbers(first)).toEqual([slovak.number, czech.number])
    expect(numbers(second)).toEqual([partner.number])
  })

  it('refuses a bad filter with a translated 400', async () => {
    for (const query of ['status=lost', 'from=2026-13-45', 'limit=1000', 'buyerKind=robot']) {
      const response = await call(clerk, 'GET', `/admin/orders?${query}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    }
  })

  it('exports the filtered orders as CSV and XLSX with translated columns, and records it', async () => {
    const csv = await call(clerk, 'GET', `/admin/orders/export.csv?search=${marker}&country=SK`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('orders.csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toBe(
      [
        'Order number',
        'Date',
        'Status',
        'Client number',
        'Name and surname',
        'E-mail',
        'Phone',
        'Buyer type',
        'Country',
        'Original currency',
        'Shipping',
        'Payment',
        'Discount coupon',
        'Sum of catalog prices',
        'Discount incl. VAT',
        'Delivery price',
        'Payment fee',
        'Price excl. VAT',
        'Price incl. VAT',
      ].join(','),
    )
    expect(lines[1]).toContain(slovak.number)
    expect(lines[1]).toContain('Slovakia')
    expect(lines[1]).toContain('EUR')
    expect(lines[1]).toContain(',50')

    const xlsx = await call(clerk, 'GET', `/admin/orders/export.xlsx?search=${marker}&sort=total`)
    expect(xlsx.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getColumn(1).values.slice(2)).toEqual([
      czech.number,
      partner.number,
      slovak.number,
    ])
    expect(sheet.getColumn(19).values.slice(2)).toEqual([9000, 3000, 50])

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.export'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry).toMatchObject({ actorName: 'order.clerk', after: { format: 'xlsx', count: 3 } })
  })
})

describe('order detail and status moves', () => {
  it('shows everything about an order, with the moves the state machine allows', async () => {
    const productId = await insertStockedProduct(t.database.db, 5)
    const order = await insertOrder(t.database.db, {
      items: [{ productId, quantity: 2, reserved: 1 }],
    })
    const response = await call(clerk, 'GET', `/admin/orders/${order.id}`)
    expect(response.statusCode).toBe(200)
    const detail = response.json<AdminOrderDetail>()
    expect(detail).toMatchObject({
      number: order.number,
      status: 'new',
      comment: 'Please ring twice',
      shippingName: 'PPL',
      shippingGross: 12100,
      billingAddress: { street: 'Hlavní 1', city: 'Brno', company: '' },
      deliveryAddress: { street: '' },
      items: [
        {
          quantity: 2,
          reservedQuantity: 1,
          shippedQuantity: 0,
          unitPriceNet: 10000,
          lineGross: 24200,
        },
      ],
      statusHistory: [{ fromStatus: null, toStatus: 'new', adminName: null }],
      allowedStatuses: ['confirmed', 'cancelled'],
      canShip: false,
    })
    expect((await call(clerk, 'GET', '/admin/orders/999999999')).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Order not found.',
    })
  })

  it('walks new → confirmed → processing → shipped → delivered, each move recorded', async () => {
    const productId = await insertStockedProduct(t.database.db, 10)
    const order = await insertOrder(t.database.db, {
      items: [
        { productId, quantity: 3 },
        { productId, quantity: 1, shipped: 0 },
      ],
    })
    const steps = [
      ['confirmed', ['processing', 'cancelled']],
      ['processing', ['shipped', 'cancelled']],
      ['shipped', ['delivered']],
      ['delivered', []],
    ] as const
    for (const [status, allowed] of steps) {
      const response = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, {
        status,
        note: status === 'shipped' ? 'PPL 123456' : undefined,
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<AdminOrderDetail>()).toMatchObject({ status, allowedStatuses: allowed })
    }
    // Shipping the order ships every remaining piece; stock is untouched (it left at the order).
    expect((await itemsOf(order.id)).map((item) => item.shippedQuantity)).toEqual([3, 1])
    expect(await stockOf(t.database.db, productId)).toBe(10)
    const history = await historyOf(order.id)
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'new'],
      ['new', 'confirmed'],
      ['confirmed', 'processing'],
      ['processing', 'shipped'],
      ['shipped', 'delivered'],
    ])
    expect(history[3]!.note).toBe('PPL 123456')
    expect(history.slice(1).every((h) => h.adminUserId !== null)).toBe(true)
    const audit = await auditOf(order.id)
    expect(audit.map((entry) => entry.action)).toEqual([
      'order.status',
      'order.status',
      'order.status',
      'order.status',
    ])
    expect(audit[0]).toMatchObject({
      actorName: 'order.clerk',
      before: { status: 'new' },
      after: { status: 'confirmed' },
    })
    const detail = (await call(clerk, 'GET', `/admin/orders/${order.id}`)).json<AdminOrderDetail>()
    expect(detail.statusHistory[1]).toMatchObject({
      toStatus: 'confirmed',
      adminName: 'order.clerk',
    })
    expect(detail.audit).toHaveLength(4)
  })

  it('mails the buyer the new status in the order language, not the clerk one', async () => {
    const email = `status.${process.pid}@example.com`
    const order = await insertOrder(t.database.db, { locale: 'sk', email, name: 'Ján Novák' })
    const response = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, {
      status: 'confirmed',
    })
    expect(response.statusCode).toBe(200)
    const mails = await t.database.db.select().from(emailLog).where(eq(emailLog.to, email))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Objednávka ${order.number}: Potvrdená`)
    expect(mails[0]!.text).toContain('Nový stav: Potvrdená')
    // A refused move sends nothing.
    await call(clerk, 'POST', `/admin/orders/${order.id}/status`, { status: 'delivered' })
    expect(await t.database.db.select().from(emailLog).where(eq(emailLog.to, email))).toHaveLength(
      1,
    )
  })

  it('refuses a move the state machine does not allow with a translated 409, changing nothing', async () => {
    const order = await insertOrder(t.database.db, { status: 'new' })
    const before = await orderRow(order.id)
    for (const status of ['shipped', 'delivered', 'processing', 'new']) {
      const response = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, { status })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ code: 'ORDER_TRANSITION_REFUSED' })
    }
    const czech = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${order.id}/status`,
      headers: { cookie: clerk, 'accept-language': 'cs' },
      payload: { status: 'shipped' },
    })
    expect(czech.json()).toMatchObject({
      message: 'Objednávku nelze převést ze stavu „Nová“ do stavu „Odeslaná“.',
    })
    const partly = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, {
      status: 'partiallyShipped',
    })
    expect(partly.statusCode).toBe(409)
    expect(partly.json()).toMatchObject({ code: 'ORDER_SHIPMENT_REQUIRED' })
    const bad = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, { status: 'lost' })
    expect(bad.statusCode).toBe(400)
    expect(await orderRow(order.id)).toEqual(before)
    expect(await historyOf(order.id)).toHaveLength(1)
    expect(await auditOf(order.id)).toHaveLength(0)

    const cancelled = await insertOrder(t.database.db, { status: 'cancelled' })
    const again = await call(clerk, 'POST', `/admin/orders/${cancelled.id}/status`, {
      status: 'confirmed',
    })
    expect(again.statusCode).toBe(409)
  })

  const PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const))
  it.each(PAIRS.filter(([from, to]) => canMoveOrder(from, to) && to !== 'partiallyShipped'))(
    'moves %s → %s on request',
    async (from, to) => {
      const productId = await insertStockedProduct(t.database.db, 0)
      const order = await insertOrder(t.database.db, {
        status: from,
        items: [{ productId, quantity: 2, shipped: from === 'partiallyShipped' ? 1 : 0 }],
      })
      const response = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, {
        status: to,
      })
      expect(response.statusCode, response.body).toBe(200)
      expect((await orderRow(order.id)).status).toBe(to)
      expect((await historyOf(order.id)).at(-1)).toMatchObject({ fromStatus: from, toStatus: to })
    },
  )
  it('refuses every other pair with 409', async () => {
    for (const [from, to] of PAIRS.filter(([a, b]) => !canMoveOrder(a, b))) {
      const order = await insertOrder(t.database.db, { status: from })
      const response = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, {
        status: to,
      })
      expect(response.statusCode, `${from} → ${to}`).toBe(409)
      expect((await orderRow(order.id)).status).toBe(from)
    }
  })

  it('returns reserved, unshipped pieces to stock on cancellation, exactly once', async () => {
    const db = t.database.db
    const frame = await insertStockedProduct(db, 4)
    const lens = await insertStockedProduct(db, 0)
    const order = await insertOrder(db, {
      status: 'processing',
      items: [
        // 3 ordered, 2 taken from stock at the order, none shipped: 2 go back.
        { productId: frame, quantity: 3, reserved: 2 },
        // 4 ordered, all 4 reserved, 1 shipped already: 3 go back.
        { productId: lens, quantity: 4, reserved: 4, shipped: 1 },
      ],
    })
    const response = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, {
      status: 'cancelled',
      note: 'The buyer called',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<AdminOrderDetail>()).toMatchObject({
      status: 'cancelled',
      allowedStatuses: [],
      canShip: false,
    })
    expect(await stockOf(db, frame)).toBe(6)
    expect(await stockOf(db, lens)).toBe(3)
    expect((await itemsOf(order.id)).map((item) => item.reservedQuantity)).toEqual([0, 1])
    const [entry] = await auditOf(order.id)
    expect(entry).toMatchObject({
      action: 'order.status',
      after: {
        status: 'cancelled',
        note: 'The buyer called',
        returnedToStock: [
          { productId: frame, quantity: 2 },
          { productId: lens, quantity: 3 },
        ],
      },
    })

    const twice = await call(clerk, 'POST', `/admin/orders/${order.id}/status`, {
      status: 'cancelled',
    })
    expect(twice.statusCode).toBe(409)
    expect(await stockOf(db, frame)).toBe(6)
    expect(await stockOf(db, lens)).toBe(3)
  })
})

describe('partial shipments', () => {
  it('ships pieces, moves to partly shipped and then shipped, never beyond the ordered quantity', async () => {
    const db = t.database.db
    const productId = await insertStockedProduct(db, 0)
    const order = await insertOrder(db, {
      status: 'processing',
      items: [
        { productId, quantity: 3 },
        { productId, quantity: 1 },
      ],
    })
    const [first, second] = order.itemIds as [number, number]
    const ship = (items: { itemId: number; quantity: number }[]) =>
      call(clerk, 'POST', `/admin/orders/${order.id}/shipments`, { items })

    const partly = await ship([{ itemId: first, quantity: 2 }])
    expect(partly.statusCode, partly.body).toBe(200)
    expect(partly.json<AdminOrderDetail>()).toMatchObject({
      status: 'partiallyShipped',
      canShip: true,
      allowedStatuses: ['shipped', 'cancelled'],
      items: [{ shippedQuantity: 2 }, { shippedQuantity: 0 }],
    })

    const tooMany = await ship([
      { itemId: second, quantity: 1 },
      { itemId: first, quantity: 2 },
    ])
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({
      code: 'SHIPMENT_TOO_LARGE',
      message: `At most 1 pcs of Frame ${productId} can still be shipped.`,
    })
    const foreign = await ship([{ itemId: 999999999, quantity: 1 }])
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ code: 'ORDER_ITEM_UNKNOWN' })
    const invalid = await ship([{ itemId: first, quantity: 0 }])
    expect(invalid.statusCode).toBe(400)
    expect((await itemsOf(order.id)).map((item) => item.shippedQuantity)).toEqual([2, 0])

    const more = await ship([{ itemId: second, quantity: 1 }])
    expect(more.json<AdminOrderDetail>()).toMatchObject({ status: 'partiallyShipped' })
    const rest = await ship([{ itemId: first, quantity: 1 }])
    expect(rest.json<AdminOrderDetail>()).toMatchObject({
      status: 'shipped',
      canShip: false,
      items: [{ shippedQuantity: 3 }, { shippedQuantity: 1 }],
    })
    expect((await historyOf(order.id)).map((h) => h.toStatus)).toEqual([
      'new',
      'partiallyShipped',
      'shipped',
    ])
    const audit = await auditOf(order.id)
    expect(audit.map((entry) => entry.action)).toEqual([
      'order.shipment',
      'order.shipment',
      'order.shipment',
    ])
    expect(audit[0]).toMatchObject({
      before: {
        status: 'processing',
        items: [
          { itemId: first, shipped: 0 },
          { itemId: second, shipped: 0 },
        ],
      },
      after: {
        status: 'partiallyShipped',
        items: [
          { itemId: first, shipped: 2 },
          { itemId: second, shipped: 0 },
        ],
      },
    })
    // Shipped orders take no further shipment.
    expect((await ship([{ itemId: first, quantity: 1 }])).statusCode).toBe(409)
  })

  it('refuses a shipment before the order is processed', async () => {
    const productId = await insertStockedProduct(t.database.db, 0)
    const order = await insertOrder(t.database.db, {
      status: 'confirmed',
      items: [{ productId, quantity: 1 }],
    })
    const response = await call(clerk, 'POST', `/admin/orders/${order.id}/shipments`, {
      items: [{ itemId: order.itemIds[0], quantity: 1 }],
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'ORDER_NOT_SHIPPABLE',
      message: 'An order in the status “Confirmed” cannot be shipped.',
    })
    expect((await itemsOf(order.id))[0]!.shippedQuantity).toBe(0)
  })
})

describe('internal note and attachments', () => {
  it('saves the note, audited with before and after; too long a note is refused', async () => {
    const order = await insertOrder(t.database.db)
    const response = await call(clerk, 'PUT', `/admin/orders/${order.id}/note`, {
      note: 'Call before delivery',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<AdminOrderDetail>().note).toBe('Call before delivery')
    const tooLong = await call(clerk, 'PUT', `/admin/orders/${order.id}/note`, {
      note: 'x'.repeat(5001),
    })
    expect(tooLong.statusCode).toBe(400)
    expect((await orderRow(order.id)).note).toBe('Call before delivery')
    expect(await auditOf(order.id)).toMatchObject([
      { action: 'order.note', before: { note: '' }, after: { note: 'Call before delivery' } },
    ])
    const unknown = await call(clerk, 'PUT', '/admin/orders/999999999/note', { note: 'x' })
    expect(unknown.statusCode).toBe(404)
  })

  it('attaches a PDF or a picture, serves it for download and deletes it, all audited', async () => {
    const order = await insertOrder(t.database.db)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const added = await upload(order.id, pdf, 'Dodací list č. 5.pdf', 'application/pdf')
    expect(added.statusCode, added.body).toBe(201)
    const [attachment] = added.json<AdminOrderDetail>().attachments
    expect(attachment).toMatchObject({
      fileName: 'Dodací list č. 5.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      uploadedBy: 'order.clerk',
    })
    const picture = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#00c' },
    })
      .png()
      .toBuffer()
    // The name says text, the bytes are a PNG: the bytes decide.
    const image = await upload(order.id, picture, 'scan.txt', 'text/plain')
    expect(image.statusCode).toBe(201)
    expect(image.json<AdminOrderDetail>().attachments[1]).toMatchObject({
      fileName: 'scan.png',
      contentType: 'image/png',
    })

    const download = await call(clerk, 'GET', attachment!.url)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Dodac%C3%AD")
    expect(download.rawPayload.equals(pdf)).toBe(true)
    const elsewhere = await insertOrder(t.database.db)
    expect(
      (await call(clerk, 'GET', `/admin/orders/${elsewhere.id}/attachments/${attachment!.id}`))
        .statusCode,
    ).toBe(404)

    const removed = await call(clerk, 'DELETE', attachment!.url)
    expect(removed.statusCode).toBe(200)
    expect(removed.json<AdminOrderDetail>().attachments).toHaveLength(1)
    expect((await call(clerk, 'GET', attachment!.url)).statusCode).toBe(404)
    expect((await auditOf(order.id)).map((entry) => entry.action)).toEqual([
      'order.attachmentAdd',
      'order.attachmentAdd',
      'order.attachmentDelete',
    ])
  })

  it('refuses other file types, empty and oversized files with a translated 4xx, storing nothing', async () => {
    const order = await insertOrder(t.database.db)
    const text = await upload(order.id, Buffer.from('hello'), 'note.pdf', 'application/pdf')
    expect(text.statusCode).toBe(415)
    expect(text.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'An attachment must be a PDF or a JPEG, PNG or WebP picture.',
    })
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
    expect((await upload(order.id, gif, 'dot.gif', 'image/gif')).statusCode).toBe(415)
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)
    big.write('%PDF-1.4')
    const tooBig = await upload(order.id, big, 'big.pdf', 'application/pdf')
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE' })
    const notMultipart = await call(clerk, 'POST', `/admin/orders/${order.id}/attachments`, {
      file: 'x',
    })
    expect(notMultipart.statusCode).toBe(415)
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(orderAttachments)
      .where(eq(orderAttachments.orderId, order.id))
    expect(stored!.n).toBe(0)
    expect(await auditOf(order.id)).toHaveLength(0)
  })
})
