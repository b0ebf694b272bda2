import { describe, expect, it } from 'vitest'
import {
  clampToRange,
  formatMergedRange,
  formatRangeValue,
  fullRange,
  percentOf,
  rangeSelection,
  thumbsFor,
  tooltipsMerge,
} from './range-math.ts'

const lensWidth = { min: 0, max: 62 }

describe('range slider', () => {
  it('goes from 0 to 100 when the filter has no bounds (seed section 9)', () => {
    expect(fullRange(undefined)).toEqual({ min: 0, max: 100 })
    expect(fullRange({ min: Number.NaN, max: 5 })).toEqual({ min: 0, max: 100 })
    expect(fullRange(lensWidth)).toEqual(lensWidth)
    expect(fullRange({ min: 24, max: 0 })).toEqual({ min: 0, max: 24 })
  })

  it('shows the rounded number followed by the unit', () => {
    expect(formatRangeValue(41.6, 'mm', 'en')).toBe('42 mm')
    expect(formatRangeValue(41.4, 'mm', 'cs')).toBe('41 mm')
    expect(formatRangeValue(7, undefined, 'en')).toBe('7')
    expect(formatRangeValue(12500, 'Kč', 'en')).toBe('12,500 Kč')
  })

  it('merges the tooltips into one "a – b unit" once the thumbs come close', () => {
    expect(tooltipsMerge(0, 62, lensWidth)).toBe(false)
    expect(tooltipsMerge(40, 53, lensWidth)).toBe(false) // 21 % of the track apart
    expect(tooltipsMerge(40, 52, lensWidth)).toBe(true) // 19.4 %
    expect(tooltipsMerge(0, 20, { min: 0, max: 100 })).toBe(false)
    expect(tooltipsMerge(0, 19, { min: 0, max: 100 })).toBe(true)
    expect(tooltipsMerge(50, 50, lensWidth)).toBe(true)
    expect(formatMergedRange(40, 51, 'mm', 'en')).toBe('40 – 51 mm')
    expect(formatMergedRange(50, 50.2, 'mm', 'en')).toBe('50 mm')
  })

  it('places values on the track in percent', () => {
    expect(percentOf(31, lensWidth)).toBe(50)
    expect(percentOf(-5, lensWidth)).toBe(0)
    expect(percentOf(80, lensWidth)).toBe(100)
    expect(percentOf(3, { min: 3, max: 3 })).toBe(0)
  })

  it('keeps thumbs on whole steps inside the range', () => {
    expect(clampToRange(12.4, lensWidth)).toBe(12)
    expect(clampToRange(-3, lensWidth)).toBe(0)
    expect(clampToRange(99, lensWidth)).toBe(62)
    expect(thumbsFor(undefined, lensWidth)).toEqual([0, 62])
    expect(thumbsFor({ type: 'range', min: 40, max: 50 }, lensWidth)).toEqual([40, 50])
    expect(thumbsFor({ type: 'text', value: 'x' }, lensWidth)).toEqual([0, 62])
  })

  it('selects min and max, and nothing once back at the full range', () => {
    expect(rangeSelection(40, 50, lensWidth)).toEqual({ type: 'range', min: 40, max: 50 })
    expect(rangeSelection(0, 60, lensWidth)).toEqual({ type: 'range', min: 0, max: 60 })
    expect(rangeSelection(0, 62, lensWidth)).toBeNull()
  })
})
