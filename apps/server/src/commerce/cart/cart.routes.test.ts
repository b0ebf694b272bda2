import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { orderItems, orders } from '../../platform/db/schema/accounts.ts'
import { cartItems, carts, voucherCodes, voucherSeries } from '../../platform/db/schema/commerce.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { FIXTURE } from '../../../test/fixtures/catalogue-fixture.ts'
import { CART_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
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
}

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await insertShopFixture(t.database.db)
})
afterAll(async () => t.close())

const countCarts = async () => (await t.database.db.select().from(carts)).length

describe('the cart API', () => {
  it('is documented with its requests and answers in /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' })
    type Operation = { requestBody?: object; responses?: Record<string, unknown> }
    const spec = response.json<{ paths: Record<string, Record<string, Operation>> }>()
    expect(spec.paths['/api/pridat-do-kosiku']?.post?.requestBody).toBeDefined()
    expect(spec.paths['/api/pridat-do-kosiku']?.post?.responses).toHaveProperty('200')
    expect(spec.paths['/api/update-quantity/{id}']?.put?.requestBody).toBeDefined()
    expect(spec.paths['/api/remove/{id}']?.delete?.responses).toHaveProperty('200')
    expect(spec.paths['/api/kosik']?.get?.responses).toHaveProperty('200')
    expect(spec.paths['/api/checkout/place-order']?.post?.responses).toHaveProperty('201')
  })
})

describe('cart and checkout answers', () => {
  it('are kept by no cache: they are personal and change with every call', async () => {
    for (const url of ['/api/kosik', '/api/checkout']) {
      const response = await t.app.inject({ url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('private, no-store')
    }
  })
})

describe('the cart of a guest', () => {
  it('is empty with the seed message and creates nothing by looking', async () => {
    const before = await countCarts()
    const client = cartClient(t.app)
    const reply = await client.call('GET', '/api/kosik')
    expect(reply.status).toBe(200)
    expect(reply.body.items).toEqual([])
    expect(reply.body.messages.map((m) => m.key)).toContain('cart.empty')
    expect(reply.body.messages.find((m) => m.key === 'cart.empty')?.text).toBe('Your cart is empty')
    expect(reply.cookie).toBeNull()
    expect(await countCarts()).toBe(before)
  })

  it('is created on the first add, kept in an httpOnly cookie, and shows prices with VAT', async () => {
    const client = cartClient(t.app)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pridat-do-kosiku',
      headers: { 'accept-language': 'en' },
      payload: { productId: SHOP.zofieBlack, quantity: 2 },
    })
    expect(response.statusCode).toBe(200)
    const cookie = response.cookies.find((c) => c.name === CART_COOKIE)
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
    const cart = response.json<Cart>()
    expect(cart.country).toBe('CZ')
    expect(cart.currency).toBe('CZK')
    expect(cart.vatPercent).toBe(21)
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({
      productId: SHOP.zofieBlack,
      parentProductId: SHOP.zofie,
      quantity: 2,
      variantName: 'Black',
      unitPrice: { net: UNIT_NET_CZK, gross: Math.round(UNIT_NET_CZK * 1.21) },
      linePrice: { net: 2 * UNIT_NET_CZK, gross: 2 * Math.round(UNIT_NET_CZK * 1.21) },
    })
    expect(cart.totals.items).toEqual({
      net: 2 * UNIT_NET_CZK,
      gross: 2 * Math.round(UNIT_NET_CZK * 1.21),
    })
    // Free shipping in CZ from 10 000.00 CZK without VAT: 6 020.00 CZK to go.
    expect(cart.freeShippingRemaining).toBe(1_000_000 - 2 * UNIT_NET_CZK)
    expect(cart.messages.find((m) => m.key === 'cart.freeShippingRemaining')?.text).toContain(
      '6,020.00',
    )

    // The same browser sees the same cart; adding again adds to the line.
    void client
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/pridat-do-kosiku',
      headers: { 'accept-language': 'en', cookie: `${CART_COOKIE}=${cookie?.value}` },
      payload: { productId: SHOP.zofieBlack, quantity: 1 },
    })
    expect(again.json<Cart>().items).toHaveLength(1)
    expect(again.json<Cart>().items[0]?.quantity).toBe(3)
  })

  it('prices in the language country: Slovak visitors pay EUR with Slovak VAT', async () => {
    const client = cartClient(t.app)
    const reply = await client.call(
      'POST',
      '/api/pridat-do-kosiku',
      {
        productId: SHOP.marek,
        quantity: 1,
      },
      { 'accept-language': 'sk' },
    )
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ country: 'SK', currency: 'EUR', vatPercent: 23 })
    expect(reply.body.items[0]?.unitPrice).toEqual({ net: 8_000, gross: 9_840 })
  })
})

describe('cart rules refuse bad input and change nothing', () => {
  it('refuses an unknown, an unpublished product and a product that has colour variants', async () => {
    const client = cartClient(t.app)
    const before = await countCarts()
    for (const productId of [999_999, SHOP.draft, SHOP.zofie]) {
      const reply = await client.call<ErrorBody>('POST', '/api/pridat-do-kosiku', {
        productId,
        quantity: 1,
      })
      expect(reply.status).toBe(404)
      expect(reply.body).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' })
    }
    expect(client.cartCookie).toBeNull()
    expect(await countCarts()).toBe(before)
  })

  it('applies the quantity rules: minimum, step and maximum', async () => {
    const client = cartClient(t.app)
    // Nose pads: at least 2, by 2, at most 20.
    const refusals: [number, string][] = [
      [1, 'QUANTITY_RULE'],
      [3, 'QUANTITY_RULE'],
      [22, 'QUANTITY_RULE'],
      [0, 'VALIDATION_ERROR'],
    ]
    const replies = []
    for (const [quantity] of refusals) {
      replies.push(
        await client.call<ErrorBody>('POST', '/api/pridat-do-kosiku', {
          productId: SHOP.nosePads,
          quantity,
        }),
      )
    }
    expect(replies.map((r) => [r.status, r.body.code])).toEqual(
      refusals.map(([, code]) => [400, code]),
    )
    expect(replies[0]?.body.message).toBe('The minimum order quantity is 2')
    expect(replies[1]?.body.message).toBe('The quantity must be a multiple of 2')
    expect(replies[2]?.body.message).toBe('The maximum amount is 20')
    expect(client.cartCookie).toBeNull()
  })

  it('refuses products out of stock or out of production, and more pieces than in stock', async () => {
    const client = cartClient(t.app)
    const gold = await client.call<ErrorBody>('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.zofieGold,
      quantity: 1,
    })
    expect(gold.status).toBe(409)
    expect(gold.body).toEqual({ code: 'OUT_OF_STOCK', message: 'Product out of stock' })
    const retired = await client.call<ErrorBody>('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.retired,
      quantity: 1,
    })
    expect(retired.status).toBe(409)
    const tooMany = await client.call<ErrorBody>('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.sunnyBrown,
      quantity: 4,
    })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.message).toBe('The required number of pieces is not available!')

    // Within stock first, then adding past it is refused and the line stays as it was.
    expect(
      (
        await client.call('POST', '/api/pridat-do-kosiku', {
          productId: SHOP.sunnyBrown,
          quantity: 2,
        })
      ).status,
    ).toBe(200)
    const past = await client.call<ErrorBody>('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.sunnyBrown,
      quantity: 2,
    })
    expect(past.status).toBe(409)
    expect((await client.call('GET', '/api/kosik')).body.items[0]?.quantity).toBe(2)
  })

  it('lets spare parts exceed the stock and reports their coverage', async () => {
    const client = cartClient(t.app)
    const reply = await client.call('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.temples,
      quantity: 3,
    })
    expect(reply.status).toBe(200)
    expect(reply.body.items[0]).toMatchObject({ sparePart: true, quantity: 3 })
    // 1 of 3 pieces in stock.
    expect(reply.body.sparePartsCoveragePercent).toBe(33.3)
    // The action price is lower than the catalogue price: the cart sells at it.
    expect(reply.body.items[0]?.unitPrice?.net).toBe(25_000)
    expect(reply.body.items[0]?.catalogUnitPrice?.net).toBe(30_000)
  })

  it('updates and removes only items of its own cart', async () => {
    const mine = cartClient(t.app)
    const other = cartClient(t.app)
    const added = await mine.call('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.marek,
      quantity: 1,
    })
    const itemId = added.body.items[0]?.id
    await other.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })

    const foreignUpdate = await other.call<ErrorBody>('PUT', `/api/update-quantity/${itemId}`, {
      quantity: 2,
    })
    expect(foreignUpdate.status).toBe(404)
    const foreignRemove = await other.call<ErrorBody>('DELETE', `/api/remove/${itemId}`)
    expect(foreignRemove.status).toBe(404)
    const noCart = await cartClient(t.app).call<ErrorBody>('DELETE', `/api/remove/${itemId}`)
    expect(noCart.status).toBe(404)

    const updated = await mine.call('PUT', `/api/update-quantity/${itemId}`, { quantity: 4 })
    expect(updated.body.items[0]?.quantity).toBe(4)
    const refused = await mine.call<ErrorBody>('PUT', `/api/update-quantity/${itemId}`, {
      quantity: 11,
    })
    expect(refused.status).toBe(409)
    expect((await mine.call('GET', '/api/kosik')).body.items[0]?.quantity).toBe(4)
    const removed = await mine.call('DELETE', `/api/remove/${itemId}`)
    expect(removed.body.items).toEqual([])
    expect(removed.body.messages.map((m) => m.key)).toContain('cart.empty')
  })
})

describe('price changes', () => {
  it('tells the buyer when a price changed since the product was added', async () => {
    const db = t.database.db
    const client = cartClient(t.app)
    const added = await client.call('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.sunnyBrown,
      quantity: 1,
    })
    expect(added.body.messages.map((m) => m.key)).not.toContain('cartApi.unitPriceChanged')
    const [row] = await db
      .select({ prices: productIndex.prices })
      .from(productIndex)
      .where(eq(productIndex.productId, FIXTURE.products.sunny))
    const prices = row!.prices as Record<string, Record<string, { catalog: number }>>
    prices.default!.CZK = { catalog: 150_000 }
    await db
      .update(productIndex)
      .set({ prices })
      .where(eq(productIndex.productId, FIXTURE.products.sunny))
    const later = await client.call('GET', '/api/kosik')
    const notice = later.body.messages.find((m) => m.key === 'cartApi.unitPriceChanged')
    expect(notice?.itemId).toBe(later.body.items[0]?.id)
    expect(notice?.text).toContain('Sunny sunglasses')
    expect(later.body.items[0]?.unitPrice?.net).toBe(150_000)
  })
})

describe('coupons', () => {
  beforeAll(async () => {
    const db = t.database.db
    const [series] = await db
      .insert(voucherSeries)
      .values({ name: 'Ten percent', kind: 'percent', value: 10 })
      .returning()
    await db.insert(voucherCodes).values({ seriesId: series!.id, code: 'SLEVA10' })
  })

  it('applies a known code in any case and takes the discount off the total', async () => {
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const reply = await client.call('POST', '/api/kosik/coupon', { code: ' sleva10 ' })
    expect(reply.status).toBe(200)
    expect(reply.body.coupon).toMatchObject({ code: 'SLEVA10', label: '10 %' })
    expect(reply.body.totals.discount?.net).toBe(UNIT_NET_CZK / 10)
    expect(reply.body.totals.total?.net).toBe(UNIT_NET_CZK - UNIT_NET_CZK / 10)
    // Free shipping counts the items after the discount, without VAT.
    expect(reply.body.freeShippingRemaining).toBe(1_000_000 - (UNIT_NET_CZK - UNIT_NET_CZK / 10))
    const removed = await client.call('DELETE', '/api/kosik/coupon')
    expect(removed.body.coupon).toBeNull()
    expect(removed.body.totals.total?.net).toBe(UNIT_NET_CZK)
  })

  it('refuses an unknown code with the seed message', async () => {
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const reply = await client.call<ErrorBody>('POST', '/api/kosik/coupon', { code: 'NOPE' })
    expect(reply.status).toBe(404)
    expect(reply.body.message).toBe('The coupon you have entered was not found')
    expect((await client.call('GET', '/api/kosik')).body.coupon).toBeNull()
  })
})

describe('signed-in customers', () => {
  it('merge the guest cart into their own cart at sign-in', async () => {
    const db = t.database.db
    const customer = await insertCustomer(db)
    // The customer's own cart from another device: one Marek.
    const device = cartClient(t.app, await signInCustomer(t.app, customer.email))
    await device.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })

    const guest = cartClient(t.app)
    await guest.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 2 })
    await guest.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.sunnyBrown, quantity: 3 })
    const guestCookie = guest.cartCookie!

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { cookie: guestCookie },
      payload: { login: customer.email, password: customer.password },
    })
    expect(login.statusCode).toBe(200)
    // The guest cookie is cleared.
    expect(login.cookies.find((c) => c.name === CART_COOKIE)?.value).toBe('')
    const session = login.cookies.find((c) => c.name === '__Host-optika-shop')!
    const merged = await cartClient(t.app, `__Host-optika-shop=${session.value}`).call(
      'GET',
      '/api/kosik',
    )
    const quantities = Object.fromEntries(merged.body.items.map((i) => [i.productId, i.quantity]))
    expect(quantities).toEqual({ [SHOP.marek]: 3, [SHOP.sunnyBrown]: 3 })
    // The guest cart is gone: its cookie finds nothing any more.
    const [guestCartRows] = await Promise.all([
      db.select().from(carts).where(eq(carts.customerId, customer.id)),
    ])
    expect(guestCartRows).toHaveLength(1)
    expect(
      (await cartClient(t.app).call('GET', '/api/kosik', undefined, { cookie: guestCookie })).body
        .items,
    ).toEqual([])
  })

  it('merging brings summed quantities within the rules', async () => {
    const customer = await insertCustomer(t.database.db)
    const device = cartClient(t.app, await signInCustomer(t.app, customer.email))
    await device.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.nosePads, quantity: 14 })
    const guest = cartClient(t.app)
    await guest.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.nosePads, quantity: 10 })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { cookie: guest.cartCookie! },
      payload: { login: customer.email, password: customer.password },
    })
    expect(login.statusCode).toBe(200)
    const merged = await device.call('GET', '/api/kosik')
    // 24 pieces are more than the maximum of 20: the line keeps the maximum.
    expect(merged.body.items.map((i) => [i.productId, i.quantity])).toEqual([[SHOP.nosePads, 20]])
  })

  it('reorder puts a past order back in the cart; only their own orders, only signed in', async () => {
    const db = t.database.db
    const customer = await insertCustomer(db)
    const stranger = await insertCustomer(db)
    const [order] = await db
      .insert(orders)
      .values({
        number: `T-${customer.id}`,
        customerId: customer.id,
        email: customer.email,
        currency: 'CZK',
      })
      .returning()
    await db.insert(orderItems).values([
      {
        orderId: order!.id,
        productId: SHOP.marek,
        code: 'LU-2002',
        name: 'Marek',
        quantity: 2,
        unitPriceNet: 1,
        unitPriceGross: 1,
      },
      {
        orderId: order!.id,
        productId: SHOP.zofieGold,
        code: 'LU-1001-GO',
        name: 'Zofie gold',
        quantity: 1,
        unitPriceNet: 1,
        unitPriceGross: 1,
      },
    ])
    const anonymous = await cartClient(t.app).call<ErrorBody>(
      'POST',
      `/api/kosik/reorder/${order!.id}`,
    )
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.message).toBe('You are not logged in')

    const strangerClient = cartClient(t.app, await signInCustomer(t.app, stranger.email))
    const foreign = await strangerClient.call<ErrorBody>('POST', `/api/kosik/reorder/${order!.id}`)
    expect(foreign.status).toBe(404)

    const client = cartClient(t.app, await signInCustomer(t.app, customer.email))
    const reply = await client.call('POST', `/api/kosik/reorder/${order!.id}`)
    expect(reply.status).toBe(200)
    expect(reply.body.items.map((i) => [i.productId, i.quantity])).toEqual([[SHOP.marek, 2]])
    expect(reply.body.messages.map((m) => m.key)).toContain('cartApi.reorderSkipped')
  })

  it('approved partners see prices without VAT', async () => {
    const db = t.database.db
    const partner = await insertCustomer(db, { kind: 'partner' })
    await approvePartner(db, partner.id)
    const client = cartClient(t.app, await signInCustomer(t.app, partner.email))
    const reply = await client.call('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.marek,
      quantity: 1,
    })
    expect(reply.body.pricesWithVat).toBe(false)
    // A Czech partner: domestic, VAT is still charged on the order.
    expect(reply.body.vatPercent).toBe(21)
    expect(reply.body.items[0]?.unitPrice?.net).toBe(UNIT_NET_CZK)
  })

  it('a partner with a VAT ID in another EU country buys under the reverse charge', async () => {
    const db = t.database.db
    const partner = await insertCustomer(db, {
      kind: 'partner',
      country: 'SK',
      vatId: 'SK2020123456',
    })
    await approvePartner(db, partner.id)
    const client = cartClient(t.app, await signInCustomer(t.app, partner.email))
    const reply = await client.call('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.marek,
      quantity: 1,
    })
    expect(reply.body).toMatchObject({ country: 'SK', currency: 'EUR', vatPercent: 0 })
    expect(reply.body.items[0]?.unitPrice).toEqual({ net: 8_000, gross: 8_000 })
    const items = await db.select().from(cartItems)
    expect(items.length).toBeGreaterThan(0)
  })
})

describe('money in minor units', () => {
  it('a coupon for every item leaves nothing to pay for them, never less (per-unit VAT rounding)', async () => {
    const db = t.database.db
    // 3.30 CZK without VAT: 3.99 with 21 % per unit, while 21 % of 33.00 would be 39.93.
    const [row] = await db
      .select({ prices: productIndex.prices })
      .from(productIndex)
      .where(eq(productIndex.productId, SHOP.nosePads))
    const prices = row!.prices as Record<string, Record<string, { catalog: number }>>
    prices.default!.CZK = { catalog: 330 }
    await db.update(productIndex).set({ prices }).where(eq(productIndex.productId, SHOP.nosePads))
    const [series] = await db
      .insert(voucherSeries)
      .values({ name: 'Everything', kind: 'percent', value: 100 })
      .returning()
    await db.insert(voucherCodes).values({ seriesId: series!.id, code: 'ALLFREE' })

    const client = cartClient(t.app)
    const added = await client.call('POST', '/api/pridat-do-kosiku', {
      productId: SHOP.nosePads,
      quantity: 10,
    })
    expect(added.body.totals.items).toEqual({ net: 3_300, gross: 3_990 })
    // The catalogue sum follows the same per-unit rule as the lines.
    expect(added.body.totals.catalogSum).toEqual({ net: 3_300, gross: 3_990 })
    const reply = await client.call('POST', '/api/kosik/coupon', { code: 'allfree' })
    expect(reply.body.totals.discount).toEqual({ net: 3_300, gross: 3_990 })
    expect(reply.body.totals.total).toEqual({ net: 0, gross: 0 })
  })

  it('a coupon code with a NUL character is simply not found', async () => {
    const client = cartClient(t.app)
    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const reply = await client.call<ErrorBody>('POST', '/api/kosik/coupon', { code: 'SLE\u0000VA' })
    expect(reply.status).toBe(404)
    expect(reply.body.message).toBe('The coupon you have entered was not found')
  })
})
