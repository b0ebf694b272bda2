import { describe, expect, it } from 'vitest'
import { toIsoWithOffset } from './schedule-date.ts'

describe('the date of a scheduled task', () => {
  it('keeps the local time and adds the zone offset', () => {
    expect(toIsoWithOffset('2026-12-24T08:30', 60)).toBe('2026-12-24T08:30:00+01:00')
    expect(toIsoWithOffset('2026-06-01T23:05', -330)).toBe('2026-06-01T23:05:00-05:30')
    expect(toIsoWithOffset('2026-06-01T23:05', 0)).toBe('2026-06-01T23:05:00+00:00')
  })

  it('reads a blank or partial value as no date', () => {
    expect(toIsoWithOffset('')).toBeNull()
    expect(toIsoWithOffset('2026-06-01')).toBeNull()
  })
})
