import { describe, expect, it } from 'vitest'
import { nextSorter } from './next-sorter.ts'

describe('nextSorter', () => {
  it('starts at ten and continues ten after the highest position', () => {
    expect(nextSorter([])).toBe(10)
    expect(nextSorter([{ sorter: 5 }, { sorter: 30 }, { sorter: 20 }])).toBe(40)
  })
})
