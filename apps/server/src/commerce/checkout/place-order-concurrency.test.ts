import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutState, PlacedOrder } from '@optika/domain/commerce/checkout-api'
import type { Database } from '../../platform/db/client.ts'
import { orderItems, orders } from '../../platform/db/schema/accounts.ts'
import { stockLevels } from '../../platform/db/schema/commerce.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { cartClient, insertShopFixture, SHOP } from '../../../test/kits/cart-test-kit.ts'
import { waitFor } from '../../../test/kits/wait-for.ts'

/**
 * Placing orders under load: many buyers racing for the last pieces never oversell, never leave
 * stock negative, never answer 5xx, and every answer matches the database (201 ⇔ one order,
 * 409 ⇔ none). The same Idempotency-Key sent at once makes one order only.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const BUYERS = 200
const PRODUCT = SHOP.marek

let t: TestApp
let database: Database

beforeAll(async () => {
  // On PostgreSQL a pool wide enough for real parallel transactions (the default 4 would queue
  // most buyers); PGlite is one connection anyway.
  database = await createTestDatabase({ maxConnections: 24 })
  await insertShopFixture(database.db)
  t = await buildTestApp({ deps: { database } })
}, 120_000)
afterAll(async () => {
  await t.close()
  await database.close()
})

async function setStock(quantity: number): Promise<void> {
  await database.db.update(stockLevels).set({ quantity }).where(eq(stockLevels.objectId, PRODUCT))
}

async function stockNow(): Promise<number> {
  const [row] = await database.db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(eq(stockLevels.objectId, PRODUCT))
  return row!.quantity
}

/** A guest who has the product in the cart and finished the shipping-and-payment step. */
async function readyBuyer(index: number, quantity: number) {
  const client = cartClient(t.app)
  const added = await client.call('POST', '/api/pridat-do-kosiku', { productId: PRODUCT, quantity })
  if (added.status !== 200)
    throw new Error(`add failed: ${added.status} ${JSON.stringify(added.body)}`)
  const state = await client.call<CheckoutState>('GET', '/api/checkout')
  const shipping = state.body.shippingOptions[0]
  const payment = state.body.paymentOptions.find((p) => p.kind === 'bankTransfer')
  if (!shipping || !payment)
    throw new Error(`no shipping/payment offered: ${JSON.stringify(state.body)}`)
  const saved = await client.call<CheckoutState>('PUT', '/api/checkout/shipping-payment', {
    country: 'CZ',
    shippingMethodId: shipping.id,
    paymentMethodId: payment.id,
    contact: { email: `race${index}@example.com`, phone: '+420601234567', name: `Buyer ${index}` },
    billing: { street: 'Vodičkova 12', city: 'Praha', postcode: '110 00', country: 'CZ' },
    deliveryDiffers: false,
  })
  if (saved.status !== 200)
    throw new Error(`step failed: ${saved.status} ${JSON.stringify(saved.body)}`)
  const total = saved.body.cart.totals.total
  if (!total) throw new Error('the cart shows no total')
  return { client, quantity, expectedTotal: total.gross }
}

/** Runs `count` set-ups a few at a time (the carts are not what is measured). */
async function prepare<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < count; i += 20) {
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, count - i) }, (_, j) => make(i + j)),
      )),
    )
  }
  return out
}

function placeOrder(buyer: Awaited<ReturnType<typeof readyBuyer>>, key: string) {
  return buyer.client.call<PlacedOrder & { code?: string }>(
    'POST',
    '/api/checkout/place-order',
    { agreeTerms: true, agreeDataProcessing: true, expectedTotal: buyer.expectedTotal },
    { 'idempotency-key': key },
  )
}

describe.skipIf(!onPostgres)(`${BUYERS} buyers racing for the last pieces (PostgreSQL)`, () => {
  it.each([1, 7, 50])(
    'sells at most %i pieces, keeps stock non-negative and answers every buyer truthfully',
    async (pieces) => {
      await setStock(10_000) // carts are filled while there is plenty
      const buyers = await prepare(BUYERS, (i) => readyBuyer(i, (i % 3) + 1))
      await setStock(pieces)
      const keys = buyers.map(() => randomUUID())

      const replies = await Promise.all(buyers.map((buyer, i) => placeOrder(buyer, keys[i]!)))

      const statuses = replies.map((r) => r.status)
      expect(statuses.filter((s) => s >= 500)).toEqual([])
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true)
      const placed = await database.db
        .select({ key: orders.idempotencyKey, number: orders.number, id: orders.id })
        .from(orders)
        .where(inArray(orders.idempotencyKey, keys))
      const byKey = new Map(placed.map((o) => [o.key, o]))
      let sold = 0
      const refusedQuantities: number[] = []
      replies.forEach((reply, i) => {
        const order = byKey.get(keys[i]!)
        if (reply.status === 201) {
          expect(order?.number).toBe(reply.body.number)
          sold += buyers[i]!.quantity
        } else {
          expect(order).toBeUndefined()
          expect(reply.body.code).toBeDefined()
          refusedQuantities.push(buyers[i]!.quantity)
        }
      })
      expect(placed).toHaveLength(statuses.filter((s) => s === 201).length)
      const [items] = await database.db
        .select({ pieces: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .where(inArray(orderItems.orderId, placed.length ? placed.map((o) => o.id) : [-1]))
      expect(items!.pieces).toBe(sold)
      const left = await stockNow()
      expect(sold).toBeLessThanOrEqual(pieces)
      expect(left).toBe(pieces - sold)
      expect(left).toBeGreaterThanOrEqual(0)
      // Stock only falls, so every refused buyer wanted more than what is left at the end:
      // nobody was refused while their pieces were still there.
      if (refusedQuantities.length > 0) expect(left).toBeLessThan(Math.min(...refusedQuantities))
    },
    300_000,
  )
})

describe('one Idempotency-Key sent 20 times at once', () => {
  it('makes exactly one order and every answer names it', async () => {
    await setStock(10_000)
    const [buyer] = await prepare(1, (i) => readyBuyer(10_000 + i, 1))
    const key = randomUUID()
    const replies = await Promise.all(Array.from({ length: 20 }, () => placeOrder(buyer!, key)))
    expect(replies.filter((r) => r.status >= 500)).toEqual([])
    expect(replies.every((r) => r.status === 200 || r.status === 201)).toBe(true)
    // The first answer creates the order (201); every other one replays it (200).
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1)
    const numbers = new Set(replies.map((r) => r.body.number))
    expect(numbers.size).toBe(1)
    const placed = await database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
    expect(placed).toHaveLength(1)
    expect(placed[0]!.number).toBe([...numbers][0])
    expect(await stockNow()).toBe(10_000 - 1)
    // The confirmation goes out once, in the buyer's language, not once per request: the queue
    // renders it after the answer, and marks the order in the same transaction.
    const mails = await waitFor('the confirmation mail', async () => {
      const rows = await database.db
        .select({ subject: emailLog.subject })
        .from(emailLog)
        .where(eq(emailLog.to, 'race10000@example.com'))
      return rows.length > 0 && rows
    })
    expect(mails).toEqual([{ subject: `We have received order ${placed[0]!.number}` }])
    const [mailed] = await database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
    expect(mailed!.confirmationMailedAt).not.toBeNull()
  }, 120_000)
})
