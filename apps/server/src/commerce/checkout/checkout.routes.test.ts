import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cart } from '@optika/domain/commerce/cart-api'
import type {
  CheckoutState,
  PlacedOrder,
  ShippingPaymentInput,
} from '@optika/domain/commerce/checkout-api'
import { orderItems, orders, orderStatusHistory } from '../../platform/db/schema/accounts.ts'
import {
  cartItems,
  paymentMethods,
  paymentRates,
  shippingMethods,
  stockLevels,
  voucherCodes,
  voucherSeries,
} from '../../platform/db/schema/commerce.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { applicationLog } from '../../platform/db/schema/governance.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { CUSTOMER_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import { startCustomerSession } from '../../accounts/customer-auth/customer-sessions.ts'
import {
  cartClient,
  insertShopFixture,
  SHOP,
  UNIT_NET_CZK,
} from '../../../test/kits/cart-test-kit.ts'

interface ErrorBody {
  code: string
  message: string
  errors?: { path: string; message: string }[]
  cart?: Cart
}

let t: TestApp
const methods = { forwarder: 0, courier: 0, bankTransfer: 0, cashOnDelivery: 0, invoice: 0 }

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await insertShopFixture(db)
  for (const m of await db.select().from(shippingMethods)) {
    if (m.code === 'forwarder') methods.forwarder = m.id
    if (m.code === 'regionalCourier') methods.courier = m.id
  }
  for (const m of await db.select().from(paymentMethods)) {
    if (m.kind === 'bankTransfer') methods.bankTransfer = m.id
    if (m.kind === 'cashOnDelivery') methods.cashOnDelivery = m.id
    if (m.kind === 'invoice') methods.invoice = m.id
  }
})
afterAll(async () => t.close())

function step(overrides: Partial<ShippingPaymentInput> = {}): ShippingPaymentInput {
  return {
    country: 'CZ',
    shippingMethodId: methods.forwarder,
    paymentMethodId: methods.bankTransfer,
    contact: { email: 'jana@example.cz', phone: '+420 601 234 567', name: 'Jana Nováková' },
    billing: { street: 'Vinohradská 12', city: 'Praha', postcode: '120 00', country: 'CZ' },
    deliveryDiffers: false,
    ...overrides,
  }
}

const orderCount = async () => (await t.database.db.select().from(orders)).length
const stockOf = async (id: number) =>
  (await t.database.db.select().from(stockLevels).where(eq(stockLevels.objectId, id)))[0]!.quantity

let keys = 0
const newKey = () => `test-key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2)}`

/** A client with Marek in the cart and the shipping-and-payment step saved. */
async function readyClient(
  session: string | null = null,
  product: number = SHOP.marek,
  quantity = 1,
) {
  const client = cartClient(t.app, session)
  const added = await client.call('POST', '/api/pridat-do-kosiku', { productId: product, quantity })
  expect(added.status).toBe(200)
  const saved = await client.call<CheckoutState>('PUT', '/api/checkout/shipping-payment', step())
  expect(saved.status).toBe(200)
  return { client, state: saved.body }
}

const place = (
  client: ReturnType<typeof cartClient>,
  body: object,
  key: string | null = newKey(),
) =>
  client.call<PlacedOrder & ErrorBody>(
    'POST',
    '/api/checkout/place-order',
    { agreeTerms: true, agreeDataProcessing: true, ...body },
    key === null ? {} : { 'idempotency-key': key },
  )

describe('checkout steps', () => {
  it('go in order: cart, then shipping and payment, then the final check', async () => {
    const client = cartClient(t.app)
    const empty = await client.call<CheckoutState>('GET', '/api/checkout')
    expect(empty.body.reachableStep).toBe('cart')
    expect(empty.body.countries.map((c) => c.code)).toEqual(['CZ', 'SK', 'HU', 'PL', 'RO'])
    expect(empty.body.countries[0]?.regions.length).toBeGreaterThan(0)

    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const withItems = await client.call<CheckoutState>('GET', '/api/checkout')
    expect(withItems.body.reachableStep).toBe('shippingPayment')

    const saved = await client.call<CheckoutState>('PUT', '/api/checkout/shipping-payment', step())
    expect(saved.status).toBe(200)
    expect(saved.body.reachableStep).toBe('finalCheck')
    expect(saved.body.cart.shippingMethodId).toBe(methods.forwarder)
    // Forwarder in CZ: 149.00 CZK without VAT, with 21 % VAT on top.
    expect(saved.body.cart.totals.shipping).toEqual({ net: 14_900, gross: 18_029 })
    expect(saved.body.cart.totals.total?.net).toBe(UNIT_NET_CZK + 14_900)
  })

  it('explains a missing method, two methods and a wrong postcode with the seed messages', async () => {
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const missing = await client.call<ErrorBody>('PUT', '/api/checkout/shipping-payment', {
      ...step(),
      shippingMethodId: '',
      paymentMethodId: [methods.bankTransfer, methods.cashOnDelivery],
    })
    expect(missing.status).toBe(400)
    const messages = missing.body.errors?.map((e) => e.message)
    expect(messages).toContain('Please select a shipping method')
    expect(messages).toContain('Only one method of payment is allowed')

    const zip = await client.call<ErrorBody>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({
        billing: { street: 'Vinohradská 12', city: 'Praha', postcode: '1234', country: 'CZ' },
      }),
    )
    expect(zip.status).toBe(400)
    expect(zip.body.errors).toEqual([
      { path: 'body/billing/postcode', message: 'wrong format of zip code' },
    ])

    const notOffered = await client.call<ErrorBody>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({
        country: 'HU',
        shippingMethodId: methods.courier,
        billing: { street: 'Fő utca 1', city: 'Budapest', postcode: '1011', country: 'HU' },
      }),
    )
    expect(notOffered.status).toBe(400)
    expect(notOffered.body.message).toBe(
      'Your shipping method has changed, please select the shipping method based on the selected country.',
    )
    // Nothing was stored.
    expect((await client.call<CheckoutState>('GET', '/api/checkout')).body.reachableStep).toBe(
      'shippingPayment',
    )
  })

  it('a zip-based method is priced by postcode and says so', async () => {
    const { client } = await readyClient()
    const saved = await client.call<CheckoutState>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ shippingMethodId: methods.courier }),
    )
    expect(saved.body.cart.totals.shipping?.net).toBe(12_900)
    expect(saved.body.cart.messages.map((m) => m.key)).toContain('cart.shippingZipDependent')
  })

  it('a country change drops a method the country does not offer, with the seed message', async () => {
    const { client } = await readyClient()
    await client.call(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ shippingMethodId: methods.courier }),
    )
    const changed = await client.call<CheckoutState>('PUT', '/api/checkout/country', {
      country: 'HU',
    })
    expect(changed.status).toBe(200)
    expect(changed.body.cart).toMatchObject({ country: 'HU', currency: 'HUF', vatPercent: 27 })
    expect(changed.body.data.shippingMethodId).toBeNull()
    expect(changed.body.cart.messages.map((m) => m.key)).toContain('cart.shippingMethodChanged')
    expect(changed.body.reachableStep).toBe('shippingPayment')
    expect(changed.body.shippingOptions.map((o) => o.code)).toEqual(['forwarder'])
  })

  it('offers invoice payment only to approved partners', async () => {
    const guest = await cartClient(t.app).call<CheckoutState>('GET', '/api/checkout')
    expect(guest.body.paymentOptions.map((o) => o.kind)).not.toContain('invoice')
    const customer = await insertCustomer(t.database.db)
    const signedIn = await cartClient(
      t.app,
      await signInCustomer(t.app, customer.email),
    ).call<CheckoutState>('GET', '/api/checkout')
    expect(signedIn.body.paymentOptions.map((o) => o.kind)).not.toContain('invoice')
    // Prefilled from the profile.
    expect(signedIn.body.data.contact.email).toBe(customer.email)
    const partner = await insertCustomer(t.database.db, { kind: 'partner' })
    await approvePartner(t.database.db, partner.id)
    const approved = await cartClient(
      t.app,
      await signInCustomer(t.app, partner.email),
    ).call<CheckoutState>('GET', '/api/checkout')
    expect(approved.body.paymentOptions.map((o) => o.kind)).toContain('invoice')

    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const refused = await client.call<ErrorBody>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ paymentMethodId: methods.invoice }),
    )
    expect(refused.status).toBe(400)
  })
})

describe('placing an order', () => {
  it('writes the order, takes the stock, empties the cart and answers the finished page', async () => {
    const db = t.database.db
    const { client, state } = await readyClient(null, SHOP.marek, 2)
    const before = await stockOf(SHOP.marek)
    const total = state.cart.totals.total!.gross
    const reply = await place(client, { expectedTotal: total, comment: 'Please ring twice' })
    expect(reply.status).toBe(201)
    expect(reply.body.number).toMatch(/^20\d{2}\d{6}$/)
    expect(reply.body).toMatchObject({
      status: 'new',
      currency: 'CZK',
      paymentKind: 'bankTransfer',
    })
    expect(reply.body.total.gross).toBe(total)
    expect(reply.body.finishedUrl).toMatch(
      new RegExp(`^/en/cart/finished/${reply.body.number}\\?token=`),
    )

    const [order] = await db.select().from(orders).where(eq(orders.id, reply.body.id))
    expect(order).toMatchObject({
      buyerKind: 'guest',
      email: 'jana@example.cz',
      comment: 'Please ring twice',
      itemsNet: 2 * UNIT_NET_CZK,
      shippingNet: 14_900,
      totalGross: total,
      vatPercent: 21,
      locale: 'en',
    })
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))
    expect(items).toMatchObject([{ productId: SHOP.marek, quantity: 2, reservedQuantity: 2 }])
    const history = await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order!.id))
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'new' }])
    expect(await stockOf(SHOP.marek)).toBe(before - 2)
    expect((await client.call('GET', '/api/kosik')).body.items).toEqual([])

    // The finished page: with the link's token, not without it.
    const url = new URL(reply.body.finishedUrl, 'http://shop')
    const token = url.searchParams.get('token')!
    const finished = await cartClient(t.app).call<PlacedOrder>(
      'GET',
      `/api/checkout/orders/${reply.body.number}?token=${encodeURIComponent(token)}`,
    )
    expect(finished.status).toBe(200)
    expect(finished.body.id).toBe(reply.body.id)
    const stranger = await cartClient(t.app).call(
      'GET',
      `/api/checkout/orders/${reply.body.number}`,
    )
    expect(stranger.status).toBe(404)
    const wrong = await cartClient(t.app).call(
      'GET',
      `/api/checkout/orders/${reply.body.number}?token=nope`,
    )
    expect(wrong.status).toBe(404)
  })

  it('is idempotent: a repeat answers the same order, another body with the key is refused', async () => {
    const db = t.database.db
    const { client, state } = await readyClient()
    const key = newKey()
    const body = { expectedTotal: state.cart.totals.total!.gross }
    const first = await place(client, body, key)
    expect(first.status).toBe(201)
    const again = await place(client, body, key)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    const other = await place(client, { ...body, comment: 'different' }, key)
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    const count = await db.select().from(orders).where(eq(orders.idempotencyKey, key))
    expect(count).toHaveLength(1)
  })

  it('needs an Idempotency-Key, a cart with items, both consents and the completed steps', async () => {
    const client = cartClient(t.app)
    const noKey = await place(client, { expectedTotal: 0 }, null)
    expect(noKey.status).toBe(400)
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
    const empty = await place(client, { expectedTotal: 0 })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Your cart is empty')

    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const incomplete = await place(client, { expectedTotal: 0 })
    expect(incomplete.status).toBe(422)
    expect(incomplete.body.code).toBe('CHECKOUT_INCOMPLETE')

    const noConsent = await client.call<ErrorBody>(
      'POST',
      '/api/checkout/place-order',
      { agreeTerms: true, expectedTotal: 0 },
      { 'idempotency-key': newKey() },
    )
    expect(noConsent.status).toBe(400)
    expect(noConsent.body.code).toBe('VALIDATION_ERROR')
  })

  it('answers 409 PRICE_CHANGED with the new cart when the total differs, and writes nothing', async () => {
    const { client, state } = await readyClient()
    const before = await orderCount()
    const reply = await place(client, { expectedTotal: state.cart.totals.total!.gross - 1 })
    expect(reply.status).toBe(409)
    expect(reply.body.code).toBe('PRICE_CHANGED')
    expect(reply.body.cart?.totals.total?.gross).toBe(state.cart.totals.total!.gross)
    expect(await orderCount()).toBe(before)
    expect((await client.call('GET', '/api/kosik')).body.items).toHaveLength(1)
  })

  it('refuses an order while a back-office user views the shop as the customer', async () => {
    const db = t.database.db
    const customer = await insertCustomer(db)
    const { token } = await startCustomerSession(db, {
      customerId: customer.id,
      impersonatedBy: 1,
      ip: null,
      userAgent: 'vitest',
    })
    const { client, state } = await readyClient(`${CUSTOMER_SESSION_COOKIE}=${token}`)
    const reply = await place(client, { expectedTotal: state.cart.totals.total!.gross })
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('IMPERSONATION')
  })

  it('rolls everything back when another buyer took the last pieces', async () => {
    const first = await readyClient(null, SHOP.sunnyBrown, 3)
    const second = await readyClient(null, SHOP.sunnyBrown, 3)
    const ok = await place(first.client, { expectedTotal: first.state.cart.totals.total!.gross })
    expect(ok.status).toBe(201)
    const before = await orderCount()
    const late = await place(second.client, {
      expectedTotal: second.state.cart.totals.total!.gross,
    })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('Product out of stock')
    expect(await orderCount()).toBe(before)
    expect((await second.client.call('GET', '/api/kosik')).body.items).toHaveLength(1)
    expect(await stockOf(SHOP.sunnyBrown)).toBe(0)
  })

  it('takes stock all or nothing: a short second line rolls back the first', async () => {
    const db = t.database.db
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.zofieBlack, quantity: 2 })
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const saved = await client.call<CheckoutState>('PUT', '/api/checkout/shipping-payment', step())
    const marekBefore = await stockOf(SHOP.marek)
    // Someone else bought Žofie meanwhile: one piece left for the two in this cart.
    await db
      .update(stockLevels)
      .set({ quantity: 1 })
      .where(eq(stockLevels.objectId, SHOP.zofieBlack))
    const before = await orderCount()
    const reply = await place(client, { expectedTotal: saved.body.cart.totals.total!.gross })
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({
      code: 'QUANTITY_NOT_AVAILABLE',
      message: 'The required number of pieces is not available!',
    })
    expect(await stockOf(SHOP.marek)).toBe(marekBefore)
    expect(await stockOf(SHOP.zofieBlack)).toBe(1)
    expect(await orderCount()).toBe(before)
    expect((await client.call('GET', '/api/kosik')).body.items).toHaveLength(2)
    // The failed reservation survives the rollback in the application log (decision 065).
    const logged = await db
      .select()
      .from(applicationLog)
      .where(
        and(
          eq(applicationLog.component, 'checkout.stock'),
          eq(applicationLog.elementId, SHOP.zofieBlack),
          eq(applicationLog.priority, 4),
        ),
      )
    expect(logged).toHaveLength(1)
    expect(logged[0]?.context).toMatchObject({ requested: 2, orderId: null })
  })

  it('spare parts: below 90 % in stock the buyer chooses; what is there is reserved', async () => {
    const db = t.database.db
    const { client, state } = await readyClient(null, SHOP.temples, 3)
    expect(state.sparePartsChoiceNeeded).toBe(true)
    const total = state.cart.totals.total!.gross
    const unchosen = await place(client, { expectedTotal: total })
    expect(unchosen.status).toBe(400)
    expect(unchosen.body.code).toBe('SPARE_PARTS_CHOICE_REQUIRED')
    expect(await stockOf(SHOP.temples)).toBe(1)
    const chosen = await place(client, { expectedTotal: total, sparePartsChoice: 'shipAvailable' })
    expect(chosen.status).toBe(201)
    const [order] = await db.select().from(orders).where(eq(orders.id, chosen.body.id))
    expect(order!.sparePartsChoice).toBe('shipAvailable')
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, chosen.body.id))
    expect(items).toMatchObject([{ quantity: 3, reservedQuantity: 1, sparePart: true }])
    expect(await stockOf(SHOP.temples)).toBe(0)
  })

  it('spare parts at 90 % or more ship as they are, no choice asked', async () => {
    const { client, state } = await readyClient(null, SHOP.nosePads, 4)
    expect(state.sparePartsChoiceNeeded).toBe(false)
    const reply = await place(client, { expectedTotal: state.cart.totals.total!.gross })
    expect(reply.status).toBe(201)
  })

  it('redeems the coupon and records the discount', async () => {
    const db = t.database.db
    const [series] = await db
      .insert(voucherSeries)
      .values({ name: 'Once', kind: 'amount', value: 10_000, currency: 'CZK', usageLimit: 1 })
      .returning()
    await db.insert(voucherCodes).values({ seriesId: series!.id, code: 'ONCE100' })
    const { client } = await readyClient()
    const withCoupon = await client.call('POST', '/api/kosik/coupon', { code: 'once100' })
    expect(withCoupon.status).toBe(200)
    const reply = await place(client, { expectedTotal: withCoupon.body.totals.total!.gross })
    expect(reply.status).toBe(201)
    const [order] = await db.select().from(orders).where(eq(orders.id, reply.body.id))
    expect(order).toMatchObject({ couponCode: 'ONCE100', discountNet: 10_000 })
    const [code] = await db.select().from(voucherCodes).where(eq(voucherCodes.code, 'ONCE100'))
    expect(code!.usedCount).toBe(1)
  })

  it('an approved partner pays by invoice with the agreed maturity', async () => {
    const db = t.database.db
    const partner = await insertCustomer(db, { kind: 'partner' })
    await approvePartner(db, partner.id)
    const client = cartClient(t.app, await signInCustomer(t.app, partner.email))
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const saved = await client.call<CheckoutState>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ paymentMethodId: methods.invoice }),
    )
    expect(saved.status).toBe(200)
    const reply = await place(client, { expectedTotal: saved.body.cart.totals.total!.gross })
    expect(reply.status).toBe(201)
    expect(reply.body.paymentKind).toBe('invoice')
    expect(reply.body.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(reply.body.finishedUrl).not.toContain('token=')
    const [order] = await db.select().from(orders).where(eq(orders.id, reply.body.id))
    expect(order).toMatchObject({ buyerKind: 'partner', maturityDays: 14, customerId: partner.id })
    // Their own order's finished page needs no token.
    const own = await client.call<PlacedOrder>('GET', `/api/checkout/orders/${reply.body.number}`)
    expect(own.status).toBe(200)
    expect(await db.select().from(cartItems)).toBeDefined()
  })
})

describe('refused checkout input changes nothing', () => {
  it('the address the goods go to must be in the chosen country (its VAT and shipping)', async () => {
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const hungarian = { street: 'Fő utca 1', city: 'Budapest', postcode: '1011', country: 'HU' }
    const billedAbroad = await client.call<ErrorBody>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ billing: hungarian as ShippingPaymentInput['billing'] }),
    )
    expect(billedAbroad.status).toBe(400)
    expect(billedAbroad.body.errors?.map((e) => e.path)).toEqual(['body/billing/country'])
    const deliveredAbroad = await client.call<ErrorBody>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ deliveryDiffers: true, delivery: hungarian as ShippingPaymentInput['billing'] }),
    )
    expect(deliveredAbroad.status).toBe(400)
    expect(deliveredAbroad.body.errors).toEqual([
      {
        path: 'body/delivery/country',
        message: 'The delivery address must be in the chosen delivery country.',
      },
    ])
    expect((await client.call<CheckoutState>('GET', '/api/checkout')).body.reachableStep).toBe(
      'shippingPayment',
    )
    // Billed abroad, delivered in the chosen country: fine.
    const ok = await client.call<CheckoutState>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({
        billing: hungarian as ShippingPaymentInput['billing'],
        deliveryDiffers: true,
        delivery: { street: 'Vinohradská 12', city: 'Praha', postcode: '120 00', country: 'CZ' },
      }),
    )
    expect(ok.status).toBe(200)
    expect(ok.body.reachableStep).toBe('finalCheck')
  })

  it('text the database cannot store (a NUL character) is a bad field, never a 500', async () => {
    const { client, state } = await readyClient()
    const name = await client.call<ErrorBody>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({
        contact: { email: 'jana@example.cz', phone: '+420 601 234 567', name: 'Ja\u0000na' },
      }),
    )
    expect(name.status).toBe(400)
    expect(name.body.errors?.map((e) => e.path)).toEqual(['body/contact/name'])
    const before = await orderCount()
    const comment = await place(client, {
      expectedTotal: state.cart.totals.total!.gross,
      comment: 'ring\u0000',
    })
    expect(comment.status).toBe(400)
    expect(comment.body.errors?.map((e) => e.path)).toEqual(['body/comment'])
    expect(await orderCount()).toBe(before)
    const finished = await cartClient(t.app).call('GET', '/api/checkout/orders/2026%00')
    expect(finished.status).toBe(404)
  })

  it('a chosen shipping method the back office deactivated is refused with the seed message', async () => {
    const db = t.database.db
    const { client, state } = await readyClient()
    await db
      .update(shippingMethods)
      .set({ active: false })
      .where(eq(shippingMethods.id, methods.forwarder))
    try {
      const now = await client.call<CheckoutState>('GET', '/api/checkout')
      expect(now.body.reachableStep).toBe('shippingPayment')
      expect(now.body.cart.messages.map((m) => m.key)).toContain('cart.shippingMethodChanged')
      const reply = await place(client, { expectedTotal: state.cart.totals.total!.gross })
      expect(reply.status).toBe(422)
      expect(reply.body).toEqual({
        code: 'CHECKOUT_INCOMPLETE',
        message:
          'Your shipping method has changed, please select the shipping method based on the selected country.',
      })
    } finally {
      await db
        .update(shippingMethods)
        .set({ active: true })
        .where(eq(shippingMethods.id, methods.forwarder))
    }
  })

  it('a chosen payment method the back office deleted asks for a payment method', async () => {
    const db = t.database.db
    const [method] = await db
      .insert(paymentMethods)
      .values({ code: 'cardSoon', kind: 'bankTransfer', name: { en: 'Card' }, position: 99 })
      .returning()
    await db.insert(paymentRates).values({ methodId: method!.id, country: 'CZ', feeNet: 0 })
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const saved = await client.call<CheckoutState>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ paymentMethodId: method!.id }),
    )
    expect(saved.body.reachableStep).toBe('finalCheck')
    await db.delete(paymentMethods).where(eq(paymentMethods.id, method!.id))
    const reply = await place(client, { expectedTotal: saved.body.cart.totals.total!.gross })
    expect(reply.status).toBe(422)
    expect(reply.body.message).toBe('Please select a payment method')
  })
})

describe('idempotency keys', () => {
  it('the same key with the same body from another cart is refused, not answered', async () => {
    const first = await readyClient()
    const second = await readyClient()
    const key = newKey()
    const body = { expectedTotal: first.state.cart.totals.total!.gross }
    expect((await place(first.client, body, key)).status).toBe(201)
    const other = await place(second.client, body, key)
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(other.body.number).toBeUndefined()
    expect((await second.client.call('GET', '/api/kosik')).body.items).toHaveLength(1)
  })

  it('a key whose first attempt was refused may place the order on retry', async () => {
    const { client, state } = await readyClient()
    const key = newKey()
    const refused = await place(client, { expectedTotal: 1 }, key)
    expect(refused.status).toBe(409)
    const retried = await place(client, { expectedTotal: state.cart.totals.total!.gross }, key)
    expect(retried.status).toBe(201)
  })
})

describe('the back office changed a product after it was put in the cart', () => {
  it('a product no longer sold is left out, said so, and the order goes ahead without it', async () => {
    const db = t.database.db
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.zofieBlack, quantity: 1 })
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    await db.update(objects).set({ published: false }).where(eq(objects.id, SHOP.zofie))
    try {
      const saved = await client.call<CheckoutState>(
        'PUT',
        '/api/checkout/shipping-payment',
        step(),
      )
      expect(saved.body.cart.items.map((i) => i.productId)).toEqual([SHOP.marek])
      const notice = saved.body.cart.messages.find((m) => m.key === 'cart.productNotFound')
      // Not about a listed line, so the page shows it with the cart's other notices.
      expect(notice).toMatchObject({ text: 'Product not found', itemId: null })
      const reply = await place(client, { expectedTotal: saved.body.cart.totals.total!.gross })
      expect(reply.status).toBe(201)
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, reply.body.id))
      expect(items.map((i) => i.productId)).toEqual([SHOP.marek])
      expect((await client.call('GET', '/api/kosik')).body.items).toEqual([])
    } finally {
      await db.update(objects).set({ published: true }).where(eq(objects.id, SHOP.zofie))
    }
  })

  it('a quantity the new quantity rules forbid is flagged on its line and not ordered', async () => {
    const db = t.database.db
    const { client } = await readyClient(null, SHOP.marek, 2)
    const [product] = await db.select().from(objects).where(eq(objects.id, SHOP.marek))
    const data = product!.data as Record<string, unknown>
    await db
      .update(objects)
      .set({ data: { ...data, minOrderQuantity: 3, quantityStep: 3 } })
      .where(eq(objects.id, SHOP.marek))
    try {
      const state = await client.call<CheckoutState>('GET', '/api/checkout')
      const itemId = state.body.cart.items[0]!.id
      expect(state.body.cart.messages).toContainEqual({
        key: 'quantity.belowMinimum',
        text: 'The minimum order quantity is 3',
        itemId,
      })
      const before = await orderCount()
      const reply = await place(client, { expectedTotal: state.body.cart.totals.total!.gross })
      expect(reply.status).toBe(409)
      expect(reply.body).toEqual({
        code: 'QUANTITY_RULE',
        message: 'The minimum order quantity is 3',
      })
      expect(await orderCount()).toBe(before)
    } finally {
      await db.update(objects).set({ data }).where(eq(objects.id, SHOP.marek))
    }
  })
})

describe('fees', () => {
  it('the cash-on-delivery fee is stored without VAT and charged with it', async () => {
    const db = t.database.db
    const [rate] = await db
      .select()
      .from(paymentRates)
      .where(and(eq(paymentRates.methodId, methods.cashOnDelivery), eq(paymentRates.country, 'CZ')))
    expect(rate!.feeNet).toBeGreaterThan(0)
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const saved = await client.call<CheckoutState>(
      'PUT',
      '/api/checkout/shipping-payment',
      step({ paymentMethodId: methods.cashOnDelivery }),
    )
    const fee = { net: rate!.feeNet, gross: Math.round((rate!.feeNet * 121) / 100) }
    expect(saved.body.cart.totals.paymentFee).toEqual(fee)
    expect(saved.body.paymentOptions.find((o) => o.kind === 'cashOnDelivery')?.fee).toEqual(fee)
    const { items, shipping, total } = saved.body.cart.totals
    expect(total).toEqual({
      net: items!.net + shipping!.net + fee.net,
      gross: items!.gross + shipping!.gross + fee.gross,
    })
  })
})
