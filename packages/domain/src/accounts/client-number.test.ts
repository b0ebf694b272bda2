import { describe, expect, it } from 'vitest'
import {
  formatClientNumber,
  isClientNumber,
  normalizeClientNumber,
  randomClientNumber,
} from './client-number.ts'

describe('client numbers (74 XXXX YYY)', () => {
  it('writes seven digits after the shop prefix 74', () => {
    expect(formatClientNumber(1_234_567)).toBe('74 1234 567')
    expect(formatClientNumber(42)).toBe('74 0000 042')
    expect(() => formatClientNumber(10_000_000)).toThrow(RangeError)
    expect(() => formatClientNumber(-1)).toThrow(RangeError)
  })

  it('recognises the format and normalizes what people type', () => {
    expect(isClientNumber('74 1234 567')).toBe(true)
    expect(isClientNumber('741234567')).toBe(false)
    expect(isClientNumber('75 1234 567')).toBe(false)
    expect(normalizeClientNumber('741234567')).toBe('74 1234 567')
    expect(normalizeClientNumber(' 74-1234-567 ')).toBe('74 1234 567')
    expect(normalizeClientNumber('75 1234 567')).toBeNull()
    expect(normalizeClientNumber('74 123 456')).toBeNull()
  })

  it('draws random numbers in the registration range', () => {
    for (let i = 0; i < 200; i += 1) {
      const number = randomClientNumber()
      expect(number).toMatch(/^74 [1-8]\d{3} \d{3}$/)
    }
  })
})
