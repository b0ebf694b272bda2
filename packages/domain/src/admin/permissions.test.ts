import { describe, expect, it } from 'vitest'
import { PERMISSION_GROUPS, PERMISSION_KEYS } from './permissions.ts'

describe('permission keys', () => {
  it('puts every key in exactly one editor group', () => {
    const grouped = Object.values(PERMISSION_GROUPS).flat()
    expect([...grouped].sort()).toEqual([...PERMISSION_KEYS].sort())
    expect(new Set(grouped).size).toBe(grouped.length)
  })
})
