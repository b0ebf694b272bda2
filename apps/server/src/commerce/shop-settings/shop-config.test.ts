import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/client.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { countryConfigOf, priceForPostcode, quotePayments, quoteShipping } from './shop-config.ts'
import { loadShopSettings } from '../../platform/settings/shop-settings.ts'

describe('priceForPostcode', () => {
  const rules = [
    { prefix: '1', priceNet: 100 },
    { prefix: '12', priceNet: 80 },
    { prefix: '123', priceNet: 50 },
  ]
  it('takes the longest matching prefix, ignoring spaces in the postcode', () => {
    expect(priceForPostcode(200, rules, '123 45')).toBe(50)
    expect(priceForPostcode(200, rules, '12945')).toBe(80)
    expect(priceForPostcode(200, rules, '19000')).toBe(100)
  })
  it('reads a Polish postcode past its dash', () => {
    expect(priceForPostcode(200, rules, '12-345')).toBe(50)
  })
  it('falls back to the base price without a match or a postcode', () => {
    expect(priceForPostcode(200, rules, '60200')).toBe(200)
    expect(priceForPostcode(200, rules, null)).toBe(200)
  })
})

describe('shop configuration reads (migration 0008 starting data)', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  it('reads a country’s currency, VAT and free-shipping threshold', async () => {
    expect(countryConfigOf(await loadShopSettings(database.db), 'RO')).toEqual({
      country: 'RO',
      currency: 'RON',
      vatPercent: 21,
      freeShippingThresholdNet: 200000,
    })
  })

  it('prices the regional courier by postcode and makes shipping free at the threshold', async () => {
    const quote = async (postcode: string, itemsNet: number) =>
      quoteShipping(await loadShopSettings(database.db), {
        country: 'CZ',
        postcode,
        itemsNet,
        locale: 'cs',
      })
    const prague = await quote('110 00', 999999)
    expect(prague.map((m) => [m.code, m.priceNet])).toEqual([
      ['forwarder', 14900],
      ['regionalCourier', 12900],
    ])
    expect(prague[1]).toMatchObject({ name: 'Regionální kurýr', zipBased: true })
    expect((await quote('60200', 0))[1]?.priceNet).toBe(15900)
    expect((await quote('70030', 0))[1]?.priceNet).toBe(19900)
    expect((await quote('110 00', 1000000)).map((m) => m.priceNet)).toEqual([0, 0])
  })

  it('offers invoice payment only where it is allowed', async () => {
    const kinds = async (invoiceAllowed: boolean) =>
      quotePayments(await loadShopSettings(database.db), {
        country: 'SK',
        locale: 'sk',
        invoiceAllowed,
      }).map((p) => [p.kind, p.feeNet])
    expect(await kinds(false)).toEqual([
      ['bankTransfer', 0],
      ['cashOnDelivery', 150],
    ])
    expect((await kinds(true)).map(([kind]) => kind)).toContain('invoice')
  })
})
