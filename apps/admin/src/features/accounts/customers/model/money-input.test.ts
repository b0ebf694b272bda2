import { describe, expect, it } from 'vitest'
import { fromMinorUnits, toMinorUnits } from './money-input.ts'

describe('credit limit input', () => {
  it('turns typed whole units into minor units and back, per currency', () => {
    expect(toMinorUnits(50000, 'CZK')).toBe(5_000_000)
    expect(toMinorUnits(12.34, 'EUR')).toBe(1234)
    expect(fromMinorUnits(5_000_000, 'CZK')).toBe(50000)
    expect(toMinorUnits(0, 'HUF')).toBe(0)
  })
})
