import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BoughtFrames } from '@optika/domain/catalogue/frame-fit-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { orderItems } from '../../platform/db/schema/accounts.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { callAs } from '../../../test/kits/account-test-kit.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { insertFullOrder } from '../../../test/kits/orders-test-kit.ts'

let t: TestApp

/** A frame (600) with a variant (601), a frame without a temple length (602), a case (603). */
async function insertProducts() {
  const product = (id: number, parentId: number, type: 'object' | 'variant', data: object) => ({
    id,
    parentId,
    type,
    key: `p-${id}`,
    path: '/',
    published: true,
    classId: 'Product',
    data,
  })
  await t.database.db.insert(objects).values({
    id: 1,
    parentId: null,
    type: 'folder',
    key: '',
    path: '/',
    published: true,
    data: {},
  })
  await t.database.db.insert(objects).values([
    product(600, 1, 'object', {
      kind: 'frame',
      lensWidth: 52,
      bridgeWidth: 18,
      templeLength: 140,
    }),
    product(602, 1, 'object', { kind: 'frame', lensWidth: 49, bridgeWidth: 20 }),
    product(603, 1, 'object', { kind: 'accessory' }),
    product(604, 1, 'object', {
      kind: 'frame',
      lensWidth: 55,
      bridgeWidth: 17,
      templeLength: 145,
    }),
  ])
  await t.database.db
    .insert(objects)
    .values(product(601, 600, 'variant', { code: 'FR-600-BLK', colorKey: 'black' }))
}

async function orderOf(customerId: number | null, createdAt: string, items: [number, string][]) {
  const order = await insertFullOrder(t.database.db, {
    customerId,
    createdAt: new Date(createdAt),
  })
  await t.database.db.insert(orderItems).values(
    items.map(([productId, name]) => ({
      orderId: order.id,
      productId,
      code: `C-${productId}`,
      name,
      quantity: 1,
      unitPriceNet: 100_000,
      unitPriceGross: 121_000,
    })),
  )
}

beforeAll(async () => {
  t = await buildTestApp()
  await insertProducts()
})
afterAll(() => t.close())

describe('GET /api/account/frame-sizes', () => {
  it('answers 401 to an anonymous visitor', async () => {
    const response = await callAs(t.app, null, 'GET', '/api/account/frame-sizes')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'NOT_LOGGED_IN' })
  })

  it("lists the sizes of the customer's own bought frames, most recent first, once each", async () => {
    const me = await insertCustomer(t.database.db)
    const other = await insertCustomer(t.database.db)
    await orderOf(me.id, '2026-01-10T10:00:00Z', [
      [601, 'Frame 600 black'],
      [602, 'Frame without temple'],
      [603, 'Case'],
    ])
    await orderOf(me.id, '2026-02-10T10:00:00Z', [[600, 'Frame 600']])
    await orderOf(other.id, '2026-03-10T10:00:00Z', [[604, 'Somebody else’s frame']])
    await orderOf(null, '2026-03-11T10:00:00Z', [[604, 'A guest’s frame']])

    const cookie = await signInCustomer(t.app, me.email, me.password)
    const response = await callAs(t.app, cookie, 'GET', '/api/account/frame-sizes')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.json<BoughtFrames>()).toEqual({
      frames: [
        {
          productId: 600,
          name: 'Frame 600',
          code: 'C-600',
          orderedAt: '2026-02-10T10:00:00.000Z',
          size: { lensWidth: 52, bridgeWidth: 18, templeLength: 140 },
        },
      ],
    })

    const otherCookie = await signInCustomer(t.app, other.email, other.password)
    const theirs = await callAs(t.app, otherCookie, 'GET', '/api/account/frame-sizes')
    expect(theirs.json<BoughtFrames>().frames.map((f) => f.productId)).toEqual([604])
  })

  it('answers an empty list to a customer without orders', async () => {
    const fresh = await insertCustomer(t.database.db)
    const cookie = await signInCustomer(t.app, fresh.email, fresh.password)
    const response = await callAs(t.app, cookie, 'GET', '/api/account/frame-sizes')
    expect(response.json()).toEqual({ frames: [] })
  })
})
