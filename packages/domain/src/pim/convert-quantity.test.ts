import { describe, expect, it } from 'vitest'
import {
  convertQuantity,
  convertToAll,
  findUnitGraphProblems,
  indexUnits,
  type ConvertibleUnit,
} from './convert-quantity.ts'
import { DEFAULT_QUANTITY_UNITS } from './default-units.ts'
import { QuantityUnitInputSchema } from './quantity-value-api.ts'

function unit(
  id: string,
  baseUnitId: string | null = null,
  factor: number | null = null,
  conversionOffset: number | null = null,
): ConvertibleUnit {
  return { id, baseUnitId, factor, conversionOffset }
}

const UNITS = [
  unit('m'),
  unit('cm', 'm', 0.01),
  unit('mm', 'm', 0.001),
  // A chain: inch → cm → m.
  unit('in', 'cm', 2.54),
  unit('celsius'),
  unit('fahrenheit', 'celsius', 5 / 9, -160 / 9),
  unit('kelvin', 'celsius', 1, -273.15),
  unit('kg'),
  unit('g', 'kg', 0.001),
]
const index = indexUnits(UNITS)

describe('convertQuantity', () => {
  it('converts by factor into the base and back out', () => {
    expect(convertQuantity(index, 10, 'cm', 'mm')).toEqual({ ok: true, value: 100 })
    expect(convertQuantity(index, 100, 'mm', 'cm')).toEqual({ ok: true, value: 10 })
    expect(convertQuantity(index, 1.5, 'm', 'mm')).toEqual({ ok: true, value: 1500 })
    expect(convertQuantity(index, 250, 'g', 'kg')).toEqual({ ok: true, value: 0.25 })
  })

  it('applies the offset (temperatures)', () => {
    expect(convertQuantity(index, 212, 'fahrenheit', 'celsius')).toEqual({ ok: true, value: 100 })
    expect(convertQuantity(index, 0, 'celsius', 'fahrenheit')).toEqual({ ok: true, value: 32 })
    expect(convertQuantity(index, 32, 'fahrenheit', 'kelvin')).toEqual({ ok: true, value: 273.15 })
  })

  it('follows chains of base units', () => {
    expect(convertQuantity(index, 1, 'in', 'mm')).toEqual({ ok: true, value: 25.4 })
    expect(convertQuantity(index, 254, 'mm', 'in')).toEqual({ ok: true, value: 10 })
  })

  it('converts a unit into itself unchanged', () => {
    expect(convertQuantity(index, 7, 'cm', 'cm')).toEqual({ ok: true, value: 7 })
  })

  it('refuses units without a common base and unknown units', () => {
    expect(convertQuantity(index, 1, 'cm', 'kg')).toEqual({ ok: false, reason: 'incompatible' })
    expect(convertQuantity(index, 1, 'cm', 'parsec')).toEqual({ ok: false, reason: 'unknownUnit' })
  })

  it('treats a broken chain (a loop) as unknown rather than looping forever', () => {
    const looping = indexUnits([unit('a', 'b', 2), unit('b', 'a', 2)])
    expect(convertQuantity(looping, 1, 'a', 'b')).toEqual({ ok: false, reason: 'unknownUnit' })
  })
})

describe('convertToAll', () => {
  it('answers the value in every unit of the same base, itself included', () => {
    expect(convertToAll(UNITS, 10, 'cm')).toEqual([
      { unitId: 'm', value: 0.1 },
      { unitId: 'cm', value: 10 },
      { unitId: 'mm', value: 100 },
      { unitId: 'in', value: 3.93700787402 },
    ])
    expect(convertToAll(UNITS, 1, 'parsec')).toBeUndefined()
  })
})

describe('findUnitGraphProblems', () => {
  it('finds self bases, missing bases, loops and zero factors', () => {
    expect(
      findUnitGraphProblems([
        unit('ok'),
        unit('self', 'self', 1),
        unit('orphan', 'nothing', 1),
        unit('a', 'b', 1),
        unit('b', 'a', 1),
        unit('zero', 'ok', 0),
      ]),
    ).toEqual([
      { unitId: 'self', problem: 'selfBase' },
      { unitId: 'orphan', problem: 'missingBase' },
      { unitId: 'a', problem: 'cycle' },
      { unitId: 'b', problem: 'cycle' },
      { unitId: 'zero', problem: 'zeroFactor' },
    ])
  })

  it('finds nothing wrong with the default units, which parse as unit input', () => {
    const units = DEFAULT_QUANTITY_UNITS.map((input) => QuantityUnitInputSchema.parse(input))
    expect(findUnitGraphProblems(units)).toEqual([])
    expect(new Set(units.map((u) => u.id)).size).toBe(units.length)
    for (const id of ['mm', 'cm', 'm', 'g', 'kg', 'pcs', 'months', 'x', 'dpt']) {
      expect(units.map((u) => u.id)).toContain(id)
    }
    expect(convertQuantity(indexUnits(units), 10, 'cm', 'mm')).toEqual({ ok: true, value: 100 })
    expect(convertQuantity(indexUnits(units), 2, 'years', 'months')).toEqual({
      ok: true,
      value: 24,
    })
  })
})
