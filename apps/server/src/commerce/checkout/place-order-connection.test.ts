import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cart } from '@optika/domain/commerce/cart-api'
import type { CheckoutState, PlacedOrder } from '@optika/domain/commerce/checkout-api'
import { orders } from '../../platform/db/schema/accounts.ts'
import { voucherCodes, voucherSeries } from '../../platform/db/schema/commerce.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { cartClient, insertShopFixture, SHOP } from '../../../test/kits/cart-test-kit.ts'
import { waitFor } from '../../../test/kits/wait-for.ts'

/**
 * node-postgres warns when a query is sent on a connection still busy with another one: on a
 * transaction's connection that means queries run at once (Promise.all on `tx`), which pg@9 will
 * refuse. Placing orders and mailing their confirmations sends each transaction's queries one
 * after another. The warning comes once per process and each test file runs in its own, so the
 * listener is there before this file's first query.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const BUYERS = 6

const busyConnectionWarnings: string[] = []
function hearWarning(warning: Error): void {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing')) {
    busyConnectionWarnings.push(warning.message)
  }
}

let t: TestApp

beforeAll(async () => {
  process.on('warning', hearWarning)
  t = await buildTestApp({ maxConnections: 8 })
  await insertShopFixture(t.database.db)
  const [series] = await t.database.db
    .insert(voucherSeries)
    .values({ name: 'Spring', kind: 'percent', value: 10 })
    .returning()
  await t.database.db.insert(voucherCodes).values({ seriesId: series!.id, code: 'SPRING10' })
}, 120_000)
afterAll(async () => {
  process.off('warning', hearWarning)
  await t.close()
})

/** A guest with the product in the cart (half of them with a coupon), ready to place the order. */
async function readyBuyer(index: number) {
  const client = cartClient(t.app)
  await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
  if (index % 2 === 0) await client.call('POST', '/api/kosik/coupon', { code: 'spring10' })
  const state = await client.call<CheckoutState>('GET', '/api/checkout')
  const payment = state.body.paymentOptions.find((p) => p.kind === 'bankTransfer')
  const saved = await client.call<CheckoutState>('PUT', '/api/checkout/shipping-payment', {
    country: 'CZ',
    shippingMethodId: state.body.shippingOptions[0]?.id,
    paymentMethodId: payment?.id,
    contact: { email: `queries${index}@example.com`, phone: '+420601234567', name: 'Jana' },
    billing: { street: 'Vodičkova 12', city: 'Praha', postcode: '110 00', country: 'CZ' },
    deliveryDiffers: false,
  })
  if (saved.status !== 200) throw new Error(`step failed: ${JSON.stringify(saved.body)}`)
  return { client, total: saved.body.cart.totals.total!.gross }
}

describe.skipIf(!onPostgres)('queries on a transaction (PostgreSQL)', () => {
  it('placing orders and mailing their confirmations never sends a query on a busy connection', async () => {
    expect(process.noDeprecation).toBeFalsy()
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => readyBuyer(i)))

    const replies = await Promise.all(
      buyers.map(({ client, total }) =>
        client.call<PlacedOrder & Partial<Cart>>(
          'POST',
          '/api/checkout/place-order',
          { agreeTerms: true, agreeDataProcessing: true, expectedTotal: total },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    )
    expect(replies.map((r) => r.status)).toEqual(buyers.map(() => 201))
    const ids = replies.map((r) => r.body.id)
    await waitFor('every confirmation mailed', async () => {
      const rows = await t.database.db
        .select({ mailedAt: orders.confirmationMailedAt })
        .from(orders)
        .where(inArray(orders.id, ids))
      return rows.every((row) => row.mailedAt !== null)
    })
    // A warning is emitted on the next tick after the query that caused it.
    await new Promise((resolve) => setImmediate(resolve))

    expect(busyConnectionWarnings).toEqual([])
  }, 120_000)
})
