import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '@optika/domain/commerce/currencies'
import { pricesFromCzk, roundShopPrice } from './prices-from-czk.ts'

describe('pricesFromCzk', () => {
  it('converts a crown price into every shop currency as a printable shop price', () => {
    const prices = pricesFromCzk(2490)
    expect(Object.keys(prices).sort()).toEqual([...CURRENCIES].sort())
    expect(prices.CZK).toEqual({ catalog: 249_000 })
    expect(prices.EUR?.catalog).toBe(10_290) // 102.59 € → 102.90 €
    expect(prices.HUF?.catalog).toBe(3_929_000) // 39 342 Ft → 39 290 Ft
    expect(prices.PLN?.catalog).toBe(43_599) // 435.75 zł → 435.99 zł
    expect(prices.RON?.catalog).toBe(51_799)
  })

  it('keeps an action price below the catalogue price in every currency', () => {
    for (const [catalog, action] of [
      [6, 5],
      [89, 79],
      [1990, 1590],
    ] as const) {
      const prices = pricesFromCzk(catalog, action)
      for (const currency of CURRENCIES) {
        const price = prices[currency]
        expect(price?.action).toBeLessThan(price?.catalog ?? 0)
      }
    }
  })

  it('never rounds a small price down to nothing', () => {
    expect(roundShopPrice(3, 'EUR')).toBeGreaterThan(0)
    expect(roundShopPrice(40, 'HUF')).toBeGreaterThan(0)
  })
})
