import { describe, expect, it } from 'vitest'
import { getAtPath, isEmptyValue, moveItem, setAtPath } from './object-data.ts'

describe('editing object data by path', () => {
  it('sets a localized value without touching the other languages or the original', () => {
    const data = { name: { cs: 'Brýle', en: 'Glasses' }, code: 'RB1' }
    const next = setAtPath(data, ['name', 'en'], 'Spectacles')
    expect(next).toEqual({ name: { cs: 'Brýle', en: 'Spectacles' }, code: 'RB1' })
    expect(data.name.en).toBe('Glasses')
  })

  it('removes a cleared field, and a localized field whose last language was cleared', () => {
    expect(setAtPath({ code: 'x', kind: 'frame' }, ['code'], '')).toEqual({ kind: 'frame' })
    expect(setAtPath({ name: { cs: 'A' } }, ['name', 'cs'], '')).toEqual({})
  })

  it('creates the records and rows a deep path needs', () => {
    expect(setAtPath({}, ['filters', 0, 'column'], 'shape')).toEqual({
      filters: [{ column: 'shape' }],
    })
    expect(getAtPath({ filters: [{ column: 'shape' }] }, ['filters', 0, 'column'])).toBe('shape')
    expect(getAtPath({ filters: null }, ['filters', 0, 'column'])).toBeUndefined()
  })

  it('keeps an emptied list as an empty list, so clearing relations is saved', () => {
    expect(setAtPath({ ids: [1] }, ['ids'], [])).toEqual({ ids: [] })
  })

  it('counts blanks, empty lists and empty records as not filled, but not zero or false', () => {
    expect([undefined, null, '', [], {}].every(isEmptyValue)).toBe(true)
    expect([0, false, 'a', [1], { a: 1 }].some(isEmptyValue)).toBe(false)
  })

  it('moves a list item up and down and ignores moves past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
  })
})
