import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  FIT_TOLERANCE,
  fitDistance,
  fitsLike,
  formatFitParam,
  formatFrameSize,
  parseFitParam,
  type FrameSize,
} from './frame-fit.ts'

const pair: FrameSize = { lensWidth: 52, bridgeWidth: 18, templeLength: 140 }

describe('the fit parameter', () => {
  it('reads and writes lens_bridge_temple in whole millimetres', () => {
    expect(parseFitParam('52_18_140')).toEqual(pair)
    expect(formatFitParam(pair)).toBe('52_18_140')
  })

  it.each([
    '',
    '52_18',
    '52-18-140',
    '52_18_140_1',
    '52.5_18_140',
    '29_18_140',
    '52_31_140',
    '52_18_171',
    '5e1_18_140',
  ])('refuses %j', (raw) => expect(parseFitParam(raw)).toBeNull())

  it('writes the optician notation in the page language', () => {
    expect(formatFrameSize(pair, 'cs')).toBe('52□18 140')
    expect(formatFrameSize({ ...pair, lensWidth: 52.5 }, 'cs')).toBe('52,5□18 140')
  })
})

describe('how close a frame is', () => {
  const size = fc.record({
    lensWidth: fc.integer({ min: 40, max: 62 }),
    bridgeWidth: fc.integer({ min: 12, max: 24 }),
    templeLength: fc.integer({ min: 120, max: 155 }),
  })

  it('is 0 for the same sizes and grows with every millimetre away', () => {
    fc.assert(
      fc.property(size, fc.constantFrom('lensWidth', 'bridgeWidth', 'templeLength'), (s, field) => {
        expect(fitDistance(s, s)).toBe(0)
        const nearer = { ...s, [field]: s[field] + 1 }
        const farther = { ...s, [field]: s[field] + 2 }
        expect(fitDistance(s, farther)).toBeGreaterThan(fitDistance(s, nearer))
        expect(fitDistance(s, nearer)).toBe(fitDistance(nearer, s))
      }),
    )
  })

  it('fits exactly within the tolerances, where no distance passes 300', () => {
    fc.assert(
      fc.property(size, size, (a, b) => {
        const within =
          Math.abs(a.lensWidth - b.lensWidth) <= FIT_TOLERANCE.lensWidth &&
          Math.abs(a.bridgeWidth - b.bridgeWidth) <= FIT_TOLERANCE.bridgeWidth &&
          Math.abs(a.templeLength - b.templeLength) <= FIT_TOLERANCE.templeLength
        expect(fitsLike(a, b)).toBe(within)
        if (within) expect(fitDistance(a, b)).toBeLessThanOrEqual(300)
      }),
    )
  })

  it('weighs a millimetre of lens or bridge like 2.5 mm of temple', () => {
    expect(fitDistance(pair, { ...pair, lensWidth: 54 })).toBe(100)
    expect(fitDistance(pair, { ...pair, bridgeWidth: 16 })).toBe(100)
    expect(fitDistance(pair, { ...pair, templeLength: 145 })).toBe(100)
  })
})
