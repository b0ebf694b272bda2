import { describe, expect, it } from 'vitest'
import { formatMinor, fromDateInput, fromMinor, toDateInput, toMinor } from './amounts.ts'

describe('shop amounts and dates', () => {
  it('converts typed major units to minor units and back', () => {
    expect(toMinor(149, 'CZK')).toBe(14900)
    expect(toMinor('0.1', 'EUR')).toBe(10)
    expect(toMinor(19.99, 'PLN')).toBe(1999)
    expect(fromMinor(1000000, 'CZK')).toBe(10000)
  })

  it('formats an amount with its currency', () => {
    expect(formatMinor(14900, 'CZK', 'en-GB').replace(/\s/g, ' ')).toBe('CZK 149.00')
  })

  it('keeps the day of a date input, from the start or to the end of it', () => {
    const from = fromDateInput('2026-05-31', 'start')!
    const to = fromDateInput('2026-05-31', 'end')!
    expect(toDateInput(from)).toBe('2026-05-31')
    expect(toDateInput(to)).toBe('2026-05-31')
    expect(Date.parse(to) - Date.parse(from)).toBe(24 * 3600 * 1000 - 1)
    expect(fromDateInput('', 'start')).toBeNull()
    expect(toDateInput(null)).toBe('')
  })
})
