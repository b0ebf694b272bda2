import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/client.ts'
import { voucherCodes, voucherSeries } from '../../platform/db/schema/commerce.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { insertDemoVouchers } from '../../demo/demo-vouchers.ts'
import { evaluateCoupon, redeemCoupon, type CouponCheck } from './coupons.ts'

const NOW = new Date('2026-06-15T12:00:00Z')

describe('coupons', () => {
  let database: Database
  const category = { frames: 0, womens: 0, sunglasses: 0 }

  async function insertObject(
    parentId: number | null,
    key: string,
    path: string,
    type: 'folder' | 'object',
  ): Promise<number> {
    const [row] = await database.db
      .insert(objects)
      .values({
        parentId,
        type,
        key,
        path,
        published: true,
        classId: type === 'object' ? 'Category' : null,
        data: { name: { en: key } },
      })
      .returning({ id: objects.id })
    return row!.id
  }

  async function insertSeries(
    values: Partial<typeof voucherSeries.$inferInsert> & { code: string },
  ): Promise<number> {
    const { code, ...terms } = values
    const [series] = await database.db
      .insert(voucherSeries)
      .values({ name: code, kind: 'percent', value: 10, ...terms })
      .returning({ id: voucherSeries.id })
    const [row] = await database.db
      .insert(voucherCodes)
      .values({ seriesId: series!.id, code })
      .returning({ id: voucherCodes.id })
    return row!.id
  }

  const check = (code: string, lines: CouponCheck['lines'], currency: 'CZK' | 'EUR' = 'CZK') =>
    evaluateCoupon(database.db, { code, currency, lines, now: NOW })
  const line = (net: number, categoryIds: number[] = []) => ({ productId: 1, categoryIds, net })

  beforeAll(async () => {
    database = await createTestDatabase()
    const root = await insertObject(null, 'shop-root', '/', 'folder')
    const folder = await insertObject(root, 'CouponCategories', '/shop-root/', 'folder')
    category.frames = await insertObject(folder, 'frames', '/shop-root/CouponCategories/', 'object')
    category.womens = await insertObject(
      category.frames,
      'womens',
      '/shop-root/CouponCategories/frames/',
      'object',
    )
    category.sunglasses = await insertObject(
      folder,
      'sunglasses',
      '/shop-root/CouponCategories/',
      'object',
    )
    await insertSeries({ code: 'TEN', kind: 'percent', value: 10 })
    await insertSeries({ code: 'INACTIVE', active: false })
    await insertSeries({ code: 'FUTURE', validFrom: new Date('2026-07-01T00:00:00Z') })
    await insertSeries({ code: 'EXPIRED', validTo: new Date('2026-01-01T00:00:00Z') })
    const used = await insertSeries({ code: 'USEDUP', usageLimit: 1 })
    await database.db.update(voucherCodes).set({ usedCount: 1 }).where(eq(voucherCodes.id, used))
    await insertSeries({
      code: 'MINORDER',
      kind: 'amount',
      value: 20000,
      currency: 'CZK',
      minOrderNet: 200000,
    })
    await insertSeries({
      code: 'FRAMES',
      kind: 'percent',
      value: 25,
      categoryIds: [category.frames],
    })
  })
  afterAll(() => database.close())

  it('finds a code in any case and answers 404 for an unknown one', async () => {
    await expect(check(' ten ', [line(10000)])).resolves.toMatchObject({
      code: 'TEN',
      kind: 'percent',
      value: 10,
      discountNet: 1000,
    })
    await expect(check('NOPE', [line(10000)])).rejects.toMatchObject({
      statusCode: 404,
      key: 'cart.couponNotFound',
    })
  })

  it.each([
    ['an inactive series', 'INACTIVE', [line(10000)], 'CZK'],
    ['a code before its validity', 'FUTURE', [line(10000)], 'CZK'],
    ['a code after its validity', 'EXPIRED', [line(10000)], 'CZK'],
    ['a code used up', 'USEDUP', [line(10000)], 'CZK'],
    ['an order below the minimum', 'MINORDER', [line(150000), line(49999)], 'CZK'],
    ['an amount in another currency', 'MINORDER', [line(500000)], 'EUR'],
    [
      'a cart without an item of the categories',
      'FRAMES',
      [line(10000, [category.sunglasses])],
      'CZK',
    ],
  ] as const)('refuses %s with 422', async (_reason, code, lines, currency) => {
    await expect(check(code, [...lines], currency)).rejects.toMatchObject({
      statusCode: 422,
      key: 'cart.couponInvalid',
    })
  })

  it('rounds a percent discount of the net total', async () => {
    await expect(check('TEN', [line(12345), line(10)])).resolves.toMatchObject({
      discountNet: 1236,
    })
  })

  it('takes an amount up to what the items cost, from the minimum order on', async () => {
    await expect(check('MINORDER', [line(150000), line(50000)])).resolves.toMatchObject({
      kind: 'amount',
      discountNet: 20000,
    })
  })

  it('discounts only the items in the categories, subcategories included', async () => {
    const result = await check('frames', [
      line(40000, [category.womens]),
      line(80000, [category.sunglasses]),
    ])
    expect(result.discountNet).toBe(10000)
  })

  it('counts uses up to the limit, refusing the extra one of concurrent redemptions', async () => {
    const id = await insertSeries({ code: 'ONCE', usageLimit: 2 })
    const results = await Promise.all(
      [1, 2, 3].map(() => database.db.transaction((tx) => redeemCoupon(tx, id))),
    )
    expect(results.filter(Boolean)).toHaveLength(2)
    const [row] = await database.db.select().from(voucherCodes).where(eq(voucherCodes.id, id))
    expect(row?.usedCount).toBe(2)
    const unlimited = await insertSeries({ code: 'ALWAYS' })
    expect(await redeemCoupon(database.db, unlimited)).toBe(true)
    expect(await redeemCoupon(database.db, unlimited)).toBe(true)
  })

  it('seeds demo codes that work as the demo describes', async () => {
    await insertDemoVouchers(database.db)
    await expect(check('demo10', [line(100000)], 'EUR')).resolves.toMatchObject({
      discountNet: 10000,
    })
    await expect(check('MINUS200', [line(199999)])).rejects.toMatchObject({ statusCode: 422 })
    await expect(check('MINUS200', [line(200000)])).resolves.toMatchObject({ discountNet: 20000 })
    await expect(check('OLD2020', [line(100000)])).rejects.toMatchObject({ statusCode: 422 })
  })
})
