import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  CountrySettingList,
  PaymentMethod,
  ShippingMethod,
  ShippingMethodInput,
  StockList,
  VoucherCodeList,
  VoucherSeries,
  VoucherSeriesInput,
} from '@optika/domain/commerce/admin-shop-api'
import { VOUCHER_CODE_ALPHABET } from '@optika/domain/commerce/admin-shop-api'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { shippingRates, stockLevels, voucherCodes } from '../../platform/db/schema/commerce.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { evaluateCoupon } from './coupons.ts'
import { quoteShipping } from './shop-config.ts'
import { loadShopSettings } from '../../platform/settings/shop-settings.ts'

let t: TestApp
let admin: string
let nobody: string
let couponsOnly: string

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
async function call<
  T = { code: string; message: string; errors?: { path: string; message: string }[] },
>(cookie: string | null, method: Method, url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
  const json = response.headers['content-type']?.toString().includes('json')
  return { status: response.statusCode, body: (json ? response.json() : response.body) as T }
}

const NAME = { cs: 'Kurýr', en: 'Courier', hu: 'Futár', pl: 'Kurier', ro: 'Curier', sk: 'Kuriér' }
const EMPTY = { cs: '', en: '', hu: '', pl: '', ro: '', sk: '' }
const shippingInput = (overrides: Partial<ShippingMethodInput> = {}): ShippingMethodInput => ({
  code: 'cityCourier',
  name: NAME,
  description: EMPTY,
  zipBased: true,
  position: 30,
  active: true,
  rates: [
    {
      country: 'CZ',
      priceNet: 20000,
      postcodeRules: [
        { prefix: '1', priceNet: 15000 },
        { prefix: '110', priceNet: 9000 },
      ],
      deliveryDaysMin: 1,
      deliveryDaysMax: 2,
    },
  ],
  ...overrides,
})
const seriesInput = (overrides: Partial<VoucherSeriesInput> = {}): VoucherSeriesInput => ({
  name: 'Spring',
  kind: 'percent',
  value: 15,
  currency: null,
  validFrom: null,
  validTo: null,
  usageLimit: 1,
  minOrderNet: null,
  categoryIds: [],
  active: true,
  ...overrides,
})

async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row
}

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  admin = await signIn(db, await insertAdminUser(db, { username: 'shop.owner', isAdmin: true }))
  nobody = await signIn(db, await insertAdminUser(db, { username: 'shop.nobody' }))
  couponsOnly = await signIn(
    db,
    await insertAdminUser(db, { username: 'shop.marketing', permissions: ['coupons'] }),
  )
})
afterAll(() => t.close())

describe('every route needs a session and its permission key', () => {
  const routes: [Method, string, unknown, PermissionKey][] = [
    ['GET', '/admin/shop/countries', undefined, 'shippingPayment'],
    [
      'PUT',
      '/admin/shop/countries/CZ',
      { vatPercent: 21, freeShippingThresholdNet: 1 },
      'shippingPayment',
    ],
    ['GET', '/admin/shop/shipping-methods', undefined, 'shippingPayment'],
    ['POST', '/admin/shop/shipping-methods', {}, 'shippingPayment'],
    ['DELETE', '/admin/shop/payment-methods/1', undefined, 'shippingPayment'],
    ['GET', '/admin/shop/voucher-series', undefined, 'coupons'],
    ['POST', '/admin/shop/voucher-series/1/generate', { count: 5 }, 'coupons'],
    ['GET', '/admin/shop/stock', undefined, 'orders'],
    ['PUT', '/admin/shop/stock/1', { quantity: 1 }, 'orders'],
  ]
  it.each(routes)('%s %s', async (method, url, payload, key) => {
    expect((await call(null, method, url, payload)).status).toBe(401)
    const denied = await call(nobody, method, url, payload)
    expect(denied.status).toBe(403)
    if (key !== 'coupons') expect((await call(couponsOnly, method, url, payload)).status).toBe(403)
  })

  it('lets the coupons key manage vouchers only', async () => {
    expect((await call(couponsOnly, 'GET', '/admin/shop/voucher-series')).status).toBe(200)
  })
})

describe('countries', () => {
  it('lists the five countries with their currency, VAT and free-shipping threshold', async () => {
    const { status, body } = await call<CountrySettingList>(admin, 'GET', '/admin/shop/countries')
    expect(status).toBe(200)
    expect(body.items.map((c) => c.country)).toEqual(['CZ', 'SK', 'HU', 'PL', 'RO'])
    expect(body.items[3]).toEqual({
      country: 'PL',
      currency: 'PLN',
      vatPercent: 23,
      freeShippingThresholdNet: 170000,
    })
  })

  it('changes the threshold, and shipping is free from exactly that amount', async () => {
    const put = await call(admin, 'PUT', '/admin/shop/countries/CZ', {
      vatPercent: 21,
      freeShippingThresholdNet: 500000,
    })
    expect(put.status).toBe(200)
    const quote = async (itemsNet: number) =>
      quoteShipping(await loadShopSettings(t.database.db), {
        country: 'CZ',
        postcode: null,
        itemsNet,
        locale: 'en',
      })
    expect((await quote(499999)).every((m) => m.priceNet > 0)).toBe(true)
    expect((await quote(500000)).every((m) => m.priceNet === 0)).toBe(true)
    const audit = await lastAudit('shop.country.update')
    expect(audit).toMatchObject({ entityId: 'CZ', after: { freeShippingThresholdNet: 500000 } })
    expect(audit?.before).toMatchObject({ freeShippingThresholdNet: 1000000 })
  })

  it('refuses a VAT rate above 100 % or a negative threshold, changing nothing', async () => {
    const bad = await call(admin, 'PUT', '/admin/shop/countries/SK', {
      vatPercent: 120,
      freeShippingThresholdNet: -1,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors?.map((e) => e.path).sort()).toEqual([
      'body/freeShippingThresholdNet',
      'body/vatPercent',
    ])
    expect(bad.body.errors?.find((e) => e.path === 'body/vatPercent')).toMatchObject({
      message: 'The VAT rate must be a whole number from 0 to 100.',
    })
    expect(
      (
        await call(admin, 'PUT', '/admin/shop/countries/XX', {
          vatPercent: 1,
          freeShippingThresholdNet: 1,
        })
      ).status,
    ).toBe(400)
    const { body } = await call<CountrySettingList>(admin, 'GET', '/admin/shop/countries')
    expect(body.items[1]).toMatchObject({ vatPercent: 23, freeShippingThresholdNet: 40000 })
  })
})

describe('shipping methods', () => {
  let created: ShippingMethod

  it('creates a method with localized names and a postcode-priced rate; the longest prefix wins', async () => {
    const res = await call<ShippingMethod>(
      admin,
      'POST',
      '/admin/shop/shipping-methods',
      shippingInput(),
    )
    expect(res.status).toBe(201)
    created = res.body
    expect(created).toMatchObject({ code: 'cityCourier', name: NAME, zipBased: true })
    const quote = async (postcode: string) =>
      quoteShipping(await loadShopSettings(t.database.db), {
        country: 'CZ',
        postcode,
        itemsNet: 100,
        locale: 'hu',
      }).find((m) => m.code === 'cityCourier')
    expect(await quote('110 00')).toMatchObject({ name: 'Futár', priceNet: 9000 })
    expect((await quote('12000'))?.priceNet).toBe(15000)
    expect((await quote('60200'))?.priceNet).toBe(20000)
    expect(await lastAudit('shop.shippingMethod.create')).toMatchObject({
      entityId: String(created.id),
    })
  })

  it.each([
    [
      'a prefix with letters',
      { rates: [{ ...shippingInput().rates[0]!, postcodeRules: [{ prefix: '1a', priceNet: 1 }] }] },
    ],
    [
      'a repeated prefix',
      {
        rates: [
          {
            ...shippingInput().rates[0]!,
            postcodeRules: [
              { prefix: '1', priceNet: 1 },
              { prefix: '1', priceNet: 2 },
            ],
          },
        ],
      },
    ],
    ['a negative price', { rates: [{ ...shippingInput().rates[0]!, priceNet: -5 }] }],
    ['a missing language', { name: { ...NAME, ro: ' ' } }],
  ])('refuses %s with 400 and keeps the method as it was', async (_case, overrides) => {
    const res = await call(
      admin,
      'PUT',
      `/admin/shop/shipping-methods/${created.id}`,
      shippingInput(overrides as Partial<ShippingMethodInput>),
    )
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION_ERROR')
    const rates = await t.database.db
      .select()
      .from(shippingRates)
      .where(eq(shippingRates.methodId, created.id))
    expect(rates).toHaveLength(1)
    expect(rates[0]?.postcodeRules).toHaveLength(2)
  })

  it('refuses a code another method has (409)', async () => {
    const res = await call(
      admin,
      'POST',
      '/admin/shop/shipping-methods',
      shippingInput({ code: 'forwarder' }),
    )
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Another method already uses this code.')
  })

  it('replaces the rates on update and deletes the method', async () => {
    const res = await call<ShippingMethod>(
      admin,
      'PUT',
      `/admin/shop/shipping-methods/${created.id}`,
      shippingInput({
        zipBased: false,
        rates: [
          {
            country: 'SK',
            priceNet: 500,
            postcodeRules: [],
            deliveryDaysMin: 2,
            deliveryDaysMax: 3,
          },
        ],
      }),
    )
    expect(res.status).toBe(200)
    expect(res.body.rates.map((r) => r.country)).toEqual(['SK'])
    expect((await call(admin, 'DELETE', `/admin/shop/shipping-methods/${created.id}`)).status).toBe(
      200,
    )
    expect((await call(admin, 'DELETE', `/admin/shop/shipping-methods/${created.id}`)).status).toBe(
      404,
    )
  })
})

describe('payment methods', () => {
  it('creates one with fees per country and refuses an unknown kind', async () => {
    const input = {
      code: 'cardLater',
      kind: 'bankTransfer',
      name: NAME,
      description: EMPTY,
      position: 50,
      active: false,
      rates: [{ country: 'CZ', feeNet: 1000 }],
    }
    const res = await call<PaymentMethod>(admin, 'POST', '/admin/shop/payment-methods', input)
    expect(res.status).toBe(201)
    expect(res.body.rates).toEqual([{ country: 'CZ', feeNet: 1000 }])
    const bad = await call(admin, 'POST', '/admin/shop/payment-methods', {
      ...input,
      code: 'x2',
      kind: 'bitcoin',
    })
    expect(bad.status).toBe(400)
    const twice = await call(admin, 'POST', '/admin/shop/payment-methods', {
      ...input,
      code: 'x3',
      rates: [
        { country: 'CZ', feeNet: 1 },
        { country: 'CZ', feeNet: 2 },
      ],
    })
    expect(twice.status).toBe(400)
  })

  it('replaces the fees on update, refuses a taken code and deletes the method (audited)', async () => {
    const input = {
      code: 'cardNow',
      kind: 'cashOnDelivery',
      name: NAME,
      description: EMPTY,
      position: 60,
      active: true,
      rates: [{ country: 'CZ', feeNet: 500 }],
    }
    const created = await call<PaymentMethod>(admin, 'POST', '/admin/shop/payment-methods', input)
    const url = `/admin/shop/payment-methods/${created.body.id}`
    const updated = await call<PaymentMethod>(admin, 'PUT', url, {
      ...input,
      rates: [
        { country: 'SK', feeNet: 90 },
        { country: 'CZ', feeNet: 700 },
      ],
    })
    expect(updated.status).toBe(200)
    expect(updated.body.rates).toEqual([
      { country: 'CZ', feeNet: 700 },
      { country: 'SK', feeNet: 90 },
    ])
    expect(await lastAudit('shop.paymentMethod.update')).toMatchObject({
      entityId: String(created.body.id),
      before: { rates: [{ country: 'CZ', feeNet: 500 }] },
    })
    const taken = await call(admin, 'PUT', url, { ...input, code: 'cardLater' })
    expect(taken.status).toBe(409)
    expect((await call(admin, 'DELETE', url)).status).toBe(200)
    expect(await lastAudit('shop.paymentMethod.delete')).toMatchObject({
      entityId: String(created.body.id),
    })
    expect((await call(admin, 'DELETE', url)).status).toBe(404)
  })
})

describe('vouchers', () => {
  let series: VoucherSeries

  it('refuses a percentage above 100, an amount without currency and a non-category', async () => {
    const over = await call(
      admin,
      'POST',
      '/admin/shop/voucher-series',
      seriesInput({ value: 150 }),
    )
    expect(over.status).toBe(400)
    expect(over.body.errors?.[0]).toMatchObject({ path: 'body/value' })
    const amount = await call(
      admin,
      'POST',
      '/admin/shop/voucher-series',
      seriesInput({ kind: 'amount', value: 100 }),
    )
    expect(amount.body.errors?.[0]).toMatchObject({ path: 'body/currency' })
    const [folder] = await t.database.db
      .insert(objects)
      .values({ parentId: null, type: 'folder', key: '', path: '/' })
      .returning({ id: objects.id })
    const notCategory = await call(
      admin,
      'POST',
      '/admin/shop/voucher-series',
      seriesInput({ categoryIds: [folder!.id] }),
    )
    expect(notCategory.status).toBe(422)
  })

  it('creates a series, generates 5 unique codes and lists them with their usage', async () => {
    const res = await call<VoucherSeries>(
      admin,
      'POST',
      '/admin/shop/voucher-series',
      seriesInput(),
    )
    expect(res.status).toBe(201)
    series = res.body
    const gen = await call<{ created: number }>(
      admin,
      'POST',
      `/admin/shop/voucher-series/${series.id}/generate`,
      {
        count: 5,
        prefix: 'spr',
      },
    )
    expect(gen).toEqual({ status: 201, body: { created: 5 } })
    const list = await call<VoucherCodeList>(
      admin,
      'GET',
      `/admin/shop/voucher-series/${series.id}/codes`,
    )
    expect(list.body.total).toBe(5)
    const body = new RegExp(`^SPR[${VOUCHER_CODE_ALPHABET}]{8}$`)
    for (const code of list.body.items) {
      expect(code.code).toMatch(body)
      expect(code.usedCount).toBe(0)
    }
    expect(new Set(list.body.items.map((c) => c.code)).size).toBe(5)
    const [listed] = (
      await call<{ items: VoucherSeries[] }>(admin, 'GET', '/admin/shop/voucher-series')
    ).body.items
    expect(listed).toMatchObject({ id: series.id, codeCount: 5, usedCount: 0 })
    expect(await lastAudit('shop.voucherCode.generate')).toMatchObject({ after: { count: 5 } })
  })

  it('refuses more than 10,000 codes at once', async () => {
    const res = await call(admin, 'POST', `/admin/shop/voucher-series/${series.id}/generate`, {
      count: 10001,
    })
    expect(res.status).toBe(400)
  })

  it('adds a shared code upper-case once, and the cart finds it', async () => {
    const add = await call(admin, 'POST', `/admin/shop/voucher-series/${series.id}/codes`, {
      code: 'spring-15',
    })
    expect(add.status).toBe(201)
    const again = await call(admin, 'POST', `/admin/shop/voucher-series/${series.id}/codes`, {
      code: 'SPRING-15',
    })
    expect(again.status).toBe(409)
    const coupon = await evaluateCoupon(t.database.db, {
      code: 'Spring-15',
      currency: 'PLN',
      lines: [{ productId: 1, categoryIds: [], net: 10000 }],
      now: new Date(),
    })
    expect(coupon.discountNet).toBe(1500)
  })

  it('exports the codes as CSV with a translated header', async () => {
    const res = await call<string>(
      admin,
      'GET',
      `/admin/shop/voucher-series/${series.id}/codes.csv`,
    )
    expect(res.status).toBe(200)
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n')
    expect(lines[0]).toBe('Code,Used,Usage limit')
    expect(lines).toHaveLength(7)
    expect(lines).toContain('SPRING-15,0,1')
  })

  it('deletes a series with its codes', async () => {
    expect((await call(admin, 'DELETE', `/admin/shop/voucher-series/${series.id}`)).status).toBe(
      200,
    )
    const left = await t.database.db
      .select()
      .from(voucherCodes)
      .where(eq(voucherCodes.seriesId, series.id))
    expect(left).toHaveLength(0)
  })
})

describe('stock', () => {
  let variantId: number
  let plainId: number

  beforeAll(async () => {
    const db = t.database.db
    const insert = async (values: typeof objects.$inferInsert) =>
      (await db.insert(objects).values(values).returning({ id: objects.id }))[0]!.id
    const folder = await insert({ parentId: null, type: 'folder', key: '', path: '/' })
    const product = await insert({
      parentId: folder,
      type: 'object',
      key: 'zz-aviator',
      path: '/',
      classId: 'Product',
      data: { code: 'ZZ-AV', name: { en: 'Zz Aviator', cs: 'Zz Pilotky' } },
    })
    variantId = await insert({
      parentId: product,
      type: 'variant',
      key: 'gold',
      path: '/zz-aviator/',
      classId: 'Product',
      data: { code: 'ZZ-AV-GOLD', colorName: { en: 'Gold', cs: 'Zlatá' } },
    })
    plainId = await insert({
      parentId: folder,
      type: 'object',
      key: 'zz-cloth',
      path: '/',
      classId: 'Product',
      data: { code: 'ZZ-CLOTH', name: { en: 'Zz Cloth' } },
    })
  })

  it('lists variants and products without variants, searchable by code or name', async () => {
    const res = await call<StockList>(admin, 'GET', '/admin/shop/stock?q=zz')
    expect(res.status).toBe(200)
    expect(res.body.items).toEqual([
      {
        objectId: variantId,
        code: 'ZZ-AV-GOLD',
        productName: 'Zz Aviator',
        colour: 'Gold',
        quantity: 0,
      },
      { objectId: plainId, code: 'ZZ-CLOTH', productName: 'Zz Cloth', colour: null, quantity: 0 },
    ])
    const byName = await call<StockList>(admin, 'GET', '/admin/shop/stock?q=pilotky')
    expect(byName.body.items.map((i) => i.objectId)).toEqual([variantId])
  })

  it('sets a quantity (audited), never below zero, and only on sellable objects', async () => {
    const put = await call(admin, 'PUT', `/admin/shop/stock/${variantId}`, { quantity: 7 })
    expect(put).toMatchObject({ status: 200, body: { quantity: 7, code: 'ZZ-AV-GOLD' } })
    const negative = await call(admin, 'PUT', `/admin/shop/stock/${variantId}`, { quantity: -1 })
    expect(negative.status).toBe(400)
    expect(negative.body.errors?.[0]?.path).toBe('body/quantity')
    const [row] = await t.database.db
      .select()
      .from(stockLevels)
      .where(eq(stockLevels.objectId, variantId))
    expect(row?.quantity).toBe(7)
    const parent = await t.database.db
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.key, 'zz-aviator'), eq(objects.type, 'object')))
    expect(
      (await call(admin, 'PUT', `/admin/shop/stock/${parent[0]!.id}`, { quantity: 1 })).status,
    ).toBe(404)
    expect(await lastAudit('shop.stock.update')).toMatchObject({
      entityId: String(variantId),
      before: { quantity: 0 },
      after: { quantity: 7 },
    })
  })
})

describe('text the database cannot store', () => {
  it('a NUL character in a field or a search is a bad field, never a 500, and nothing is saved', async () => {
    const before = await call<{ items: ShippingMethod[] }>(
      admin,
      'GET',
      '/admin/shop/shipping-methods',
    )
    const method = await call(
      admin,
      'POST',
      '/admin/shop/shipping-methods',
      shippingInput({ code: 'nulCourier', name: { ...NAME, cs: 'Kur\u0000ýr' } }),
    )
    expect(method.status).toBe(400)
    expect(method.body.errors).toEqual([
      { path: 'body/name/cs', message: 'The request is not valid.' },
    ])
    const after = await call<{ items: ShippingMethod[] }>(
      admin,
      'GET',
      '/admin/shop/shipping-methods',
    )
    expect(after.body.items).toHaveLength(before.body.items.length)
    const series = await call(
      admin,
      'POST',
      '/admin/shop/voucher-series',
      seriesInput({ name: 'Spr\u0000ing' }),
    )
    expect(series.status).toBe(400)
    const search = await call(admin, 'GET', '/admin/shop/stock?q=%00')
    expect(search.status).toBe(400)
    expect(search.body.errors?.[0]?.path).toBe('querystring/q')
  })
})
