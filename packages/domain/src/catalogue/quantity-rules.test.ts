import { describe, expect, it } from 'vitest'
import {
  DEFAULT_QUANTITY_RULES,
  nearestAllowedQuantity,
  quantityProblem,
  quantityRulesOf,
} from './quantity-rules.ts'

describe('quantity rules', () => {
  it('takes a product’s minimum, step and maximum as they are when they agree', () => {
    expect(quantityRulesOf({ minOrderQuantity: 2, quantityStep: 2, maxAmount: 10 })).toEqual({
      min: 2,
      step: 2,
      max: 10,
    })
    expect(quantityRulesOf({ minOrderQuantity: 1, quantityStep: 1 })).toEqual(
      DEFAULT_QUANTITY_RULES,
    )
  })

  it('raises the minimum to a multiple of the step and lowers the maximum to one', () => {
    expect(quantityRulesOf({ minOrderQuantity: 3, quantityStep: 5, maxAmount: 23 })).toEqual({
      min: 5,
      step: 5,
      max: 20,
    })
  })

  it('never lets the maximum fall below the minimum, and ignores nonsense', () => {
    expect(quantityRulesOf({ minOrderQuantity: 10, quantityStep: 1, maxAmount: 4 })).toEqual({
      min: 10,
      step: 1,
      max: 10,
    })
    expect(quantityRulesOf({ minOrderQuantity: 0, quantityStep: -2, maxAmount: 1.5 })).toEqual(
      DEFAULT_QUANTITY_RULES,
    )
  })

  it('names the first broken rule with its message key and parameters', () => {
    const rules = { min: 2, step: 2, max: 6 }
    expect(quantityProblem(rules, 1)).toEqual({
      key: 'quantity.belowMinimum',
      params: { min: '2' },
    })
    expect(quantityProblem(rules, 3)).toEqual({
      key: 'validation.quantityStep',
      params: { step: '2' },
    })
    expect(quantityProblem(rules, 8)).toEqual({
      key: 'quantity.aboveMaximum',
      params: { max: '6' },
    })
    expect(quantityProblem(rules, 4)).toBeNull()
  })

  it('caps every line at the ceiling even without a maximum', () => {
    expect(quantityProblem(DEFAULT_QUANTITY_RULES, 10_000)?.key).toBe('quantity.aboveMaximum')
  })

  it('snaps a typed quantity to the nearest allowed one', () => {
    const rules = { min: 2, step: 2, max: 6 }
    expect(nearestAllowedQuantity(rules, 3)).toBe(4)
    expect(nearestAllowedQuantity(rules, 0)).toBe(2)
    expect(nearestAllowedQuantity(rules, 99)).toBe(6)
  })

  it('keeps every rule set it builds satisfiable', () => {
    for (const [min, step, max] of [
      [3, 5, 23],
      [10, 1, 4],
      [7, 7, 7],
      [9999, 4, undefined],
    ] as const) {
      const rules = quantityRulesOf({ minOrderQuantity: min, quantityStep: step, maxAmount: max })
      expect(quantityProblem(rules, rules.min)).toBeNull()
    }
  })
})
