import { describe, expect, it } from 'vitest'
import { formatPrice, parsePrice, setPrice } from './prices.ts'

describe('prices entered as decimals and stored in minor units', () => {
  it('reads a decimal with a comma or a point into minor units without float drift', () => {
    expect(parsePrice('12,50', 'CZK')).toBe(1250)
    expect(parsePrice('0.29', 'EUR')).toBe(29)
    expect(parsePrice('1 299', 'HUF')).toBe(129900)
    expect(parsePrice('7', 'PLN')).toBe(700)
  })

  it('reads a blank field as no price and rubbish or too many decimals as invalid', () => {
    expect(parsePrice('  ', 'CZK')).toBeNull()
    expect(parsePrice('12.345', 'CZK')).toBeUndefined()
    expect(parsePrice('-5', 'CZK')).toBeUndefined()
    expect(parsePrice('abc', 'CZK')).toBeUndefined()
  })

  it('shows minor units as the decimal a person types, and nothing for no price', () => {
    expect(formatPrice(1250, 'CZK')).toBe('12.50')
    expect(formatPrice(5, 'EUR')).toBe('0.05')
    expect(formatPrice(undefined, 'EUR')).toBe('')
  })

  it('round-trips every amount it formats', () => {
    for (const amount of [0, 1, 99, 100, 123456, 999999]) {
      expect(parsePrice(formatPrice(amount, 'RON'), 'RON')).toBe(amount)
    }
  })

  it('drops a currency once both its prices are cleared, so a variant inherits again', () => {
    const withCatalog = setPrice(undefined, 'CZK', 'catalog', 1000)
    expect(withCatalog).toEqual({ CZK: { catalog: 1000 } })
    const withAction = setPrice(withCatalog, 'CZK', 'action', 900)
    expect(withAction).toEqual({ CZK: { catalog: 1000, action: 900 } })
    const cleared = setPrice(setPrice(withAction, 'CZK', 'action', null), 'CZK', 'catalog', null)
    expect(cleared).toBeUndefined()
  })
})
