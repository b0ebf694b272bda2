import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cart } from '@optika/domain/commerce/cart-api'
import type { CheckoutState, PlacedOrder } from '@optika/domain/commerce/checkout-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { cartClient, insertShopFixture, SHOP } from '../../../test/kits/cart-test-kit.ts'

/**
 * What one order costs the database: each request of the order flow (bench/order-flow.ts's calls,
 * and the country step) looks its cart up by the cookie's token at most once — the request's
 * first read serves the hook that sets the visitor's country and the service alike — and a
 * checkout step prices the cart once. The statements outside transactions are counted at the
 * database client, by their text.
 */

const CART_BY_TOKEN = '"carts"."token_hash" = '
const SELLABLE_ITEMS = ') as w(id)'

let t: TestApp
let statements: string[] = []

beforeAll(async () => {
  t = await buildTestApp()
  await insertShopFixture(t.database.db)
  // The pool (PostgreSQL) or the embedded database (PGlite): both answer `query`.
  const client = (t.database.db as unknown as { $client: { query: (...args: never[]) => unknown } })
    .$client
  const query = client.query.bind(client)
  client.query = (...args: never[]) => {
    const [text] = args as unknown[]
    statements.push(typeof text === 'string' ? text : String((text as { text?: unknown }).text))
    return query(...args)
  }
})
afterAll(async () => t.close())

/** The request's statements that contain `text`. */
async function counting<T>(
  call: () => Promise<T>,
): Promise<{ reply: T; count(text: string): number }> {
  statements = []
  const reply = await call()
  const seen = statements
  return { reply, count: (text) => seen.filter((s) => s.includes(text)).length }
}

describe('a guest order flow', () => {
  it('reads the cart by its token at most once per request and prices a step once', async () => {
    const client = cartClient(t.app)
    const add = await counting(() =>
      client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 }),
    )
    expect(add.reply.status).toBe(200)
    expect(add.count(CART_BY_TOKEN)).toBeLessThanOrEqual(1)

    const again = await counting(() =>
      client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 }),
    )
    expect(again.reply.status).toBe(200)
    expect(again.count(CART_BY_TOKEN)).toBe(1)

    const opened = await counting(() => client.call<CheckoutState>('GET', '/api/checkout'))
    expect(opened.reply.status).toBe(200)
    expect(opened.count(CART_BY_TOKEN)).toBe(1)
    expect(opened.count(SELLABLE_ITEMS)).toBe(1)

    const country = await counting(() =>
      client.call<CheckoutState>('PUT', '/api/checkout/country', { country: 'SK' }),
    )
    expect(country.reply.status).toBe(200)
    expect(country.reply.body.cart.currency).toBe('EUR')
    expect(country.count(CART_BY_TOKEN)).toBe(1)
    expect(country.count(SELLABLE_ITEMS)).toBe(1)

    const state = opened.reply.body
    const step = await counting(() =>
      client.call<CheckoutState>('PUT', '/api/checkout/shipping-payment', {
        country: 'CZ',
        shippingMethodId: state.shippingOptions[0]?.id,
        paymentMethodId: state.paymentOptions.find((p) => p.kind === 'bankTransfer')?.id,
        contact: { email: 'reads@example.com', phone: '+420601234567', name: 'Jana' },
        billing: { street: 'Vodičkova 12', city: 'Praha', postcode: '110 00', country: 'CZ' },
        deliveryDiffers: false,
      }),
    )
    expect(step.reply.status).toBe(200)
    expect(step.reply.body.reachableStep).toBe('finalCheck')
    expect(step.reply.body.cart.currency).toBe('CZK')
    expect(step.count(CART_BY_TOKEN)).toBe(1)
    expect(step.count(SELLABLE_ITEMS)).toBe(1)

    const placed = await counting(() =>
      client.call<PlacedOrder & Partial<Cart>>(
        'POST',
        '/api/checkout/place-order',
        {
          agreeTerms: true,
          agreeDataProcessing: true,
          expectedTotal: step.reply.body.cart.totals.total!.gross,
        },
        { 'idempotency-key': randomUUID() },
      ),
    )
    expect(placed.reply.status).toBe(201)
    expect(placed.count(CART_BY_TOKEN)).toBe(1)
  })
})
