import { describe, expect, it } from 'vitest'
import type { GridField } from './grid-class.ts'
import { csvSafeText } from '../../elements/grid/grid-cells.ts'
import { parseCellValue, patchForValue } from './grid-values.ts'

const field = (type: GridField['type'], localized = false): GridField => ({
  name: 'f',
  title: 'F',
  type,
  localized,
  options: [],
  visibleGridView: false,
})

describe('grid values', () => {
  it('keeps the other languages when a localized value is set', () => {
    expect(patchForValue(field('input', true), { f: { cs: 'A', en: 'B' } }, 'C', 'en')).toEqual({
      f: { cs: 'A', en: 'C' },
    })
    expect(patchForValue(field('number'), { f: 1 }, 2, 'cs')).toEqual({ f: 2 })
  })

  it('reads CSV cells by field type and refuses cells that do not fit', () => {
    expect(parseCellValue(field('number'), ' 1,5 ')).toBe(1.5)
    expect(parseCellValue(field('number'), '')).toBeNull()
    expect(() => parseCellValue(field('number'), 'heavy')).toThrow()
    expect(parseCellValue(field('boolean'), 'Ano')).toBe(true)
    expect(parseCellValue(field('boolean'), '0')).toBe(false)
    expect(() => parseCellValue(field('boolean'), 'maybe')).toThrow()
    expect(parseCellValue(field('multiselect'), 'new, sale')).toEqual(['new', 'sale'])
    expect(parseCellValue(field('input'), '')).toBeNull()
  })

  it('keeps spreadsheet formulas inert in CSV and reads them back as text', () => {
    expect(csvSafeText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`)
    expect(csvSafeText('plain')).toBe('plain')
    expect(parseCellValue(field('input'), `'=1+1`)).toBe('=1+1')
    expect(parseCellValue(field('input'), `'quoted`)).toBe(`'quoted`)
  })
})
