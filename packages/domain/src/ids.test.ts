import { describe, expect, it } from 'vitest'
import { BigIdSchema, IdParamsSchema, IdSchema, MAX_INT4_ID } from './ids.ts'

describe('ids in requests', () => {
  it('reads an integer id from a number or from the text of a path or query string', () => {
    expect(IdSchema.parse(42)).toBe(42)
    expect(IdSchema.parse('42')).toBe(42)
    expect(IdParamsSchema.parse({ id: '7' })).toEqual({ id: 7 })
  })

  it('takes an integer id up to the largest value of an integer column, and nothing beyond', () => {
    expect(IdSchema.parse(MAX_INT4_ID)).toBe(2_147_483_647)
    for (const bad of [0, -1, 1.5, 2_147_483_648, 2 ** 53, 'abc', '', null]) {
      const result = IdSchema.safeParse(bad)
      expect(result.success, String(bad)).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('validation.formError')
    }
  })

  it('takes a bigint id as far as a JavaScript number is exact', () => {
    expect(BigIdSchema.parse('2147483648')).toBe(2_147_483_648)
    expect(BigIdSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER)
    for (const bad of [0, -1, 2 ** 53, 'abc']) {
      expect(BigIdSchema.safeParse(bad).success, String(bad)).toBe(false)
    }
  })
})
