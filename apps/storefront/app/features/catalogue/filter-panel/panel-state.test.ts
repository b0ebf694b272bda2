import { describe, expect, it } from 'vitest'
import type { FilterView } from '@optika/domain/catalogue/product-list-api'
import {
  activeFilterNames,
  isDeadEnd,
  openNewlyActive,
  selectionOf,
  textSelection,
  toggleKey,
  toggleSection,
  warnUnknownTypes,
} from './panel-state.ts'

function view(filter: Partial<FilterView> & Pick<FilterView, 'name' | 'type'>): FilterView {
  return {
    title: filter.name,
    column: filter.name,
    values: [],
    selectedValues: [],
    value: '',
    ...filter,
  }
}

const brand = view({
  name: 'brand',
  type: 'multiselect',
  values: [
    { key: 'rayban', name: 'Ray-Ban', icon: null, count: 4 },
    { key: 'oakley', name: 'Oakley', icon: null, count: 0 },
  ],
})
const model = view({ name: 'model', type: 'text', searchType: 'all' })
const lensWidth = view({ name: 'lensWidth', type: 'range', range: { min: 0, max: 62 } })

describe('filter panel state', () => {
  it('knows which filters are active (seed section 4 "Filter activity")', () => {
    const filters = [brand, model, lensWidth]
    expect([...activeFilterNames(filters, {})]).toEqual([])
    expect([
      ...activeFilterNames(filters, {
        brand: { type: 'multiselect', keys: ['unknown'] },
        model: { type: 'text', value: '  ' },
        lensWidth: { type: 'range', min: 0, max: 62 },
      }),
    ]).toEqual([])
    expect([
      ...activeFilterNames(filters, {
        brand: { type: 'multiselect', keys: ['rayban'] },
        model: { type: 'text', value: 'aviator' },
        lensWidth: { type: 'range', min: 0, max: 50 },
      }),
    ]).toEqual(['brand', 'model', 'lensWidth'])
  })

  it('ignores a selection of another kind than its filter', () => {
    expect(selectionOf(brand, { brand: { type: 'text', value: 'x' } })).toBeUndefined()
    expect(selectionOf(brand, { brand: { type: 'multiselect', keys: ['rayban'] } })).toEqual({
      type: 'multiselect',
      keys: ['rayban'],
    })
  })

  it('opens a section when its selection becomes non-empty, and leaves the others', () => {
    const open = new Set(['model'])
    const same = openNewlyActive(open, new Set(), new Set())
    expect(same).toBe(open)
    expect([...openNewlyActive(open, new Set(), new Set(['brand']))]).toEqual(['model', 'brand'])
    // A section closed by hand while it stays active stays closed.
    const closed = toggleSection(new Set(['brand']), 'brand')
    expect([...closed]).toEqual([])
    expect([...openNewlyActive(closed, new Set(['brand']), new Set(['brand']))]).toEqual([])
  })

  it('ticks and unticks values, clearing the filter when none is left', () => {
    expect(toggleKey(brand, undefined, 'rayban', true)).toEqual({
      type: 'multiselect',
      keys: ['rayban'],
    })
    const colour = view({ name: 'color', type: 'color' })
    expect(toggleKey(colour, { type: 'color', keys: ['black'] }, 'red', true)).toEqual({
      type: 'color',
      keys: ['black', 'red'],
    })
    expect(toggleKey(brand, { type: 'multiselect', keys: ['rayban'] }, 'rayban', false)).toBeNull()
  })

  it('keeps a dead-end value out of reach unless it is ticked', () => {
    expect(isDeadEnd(0, false)).toBe(true)
    expect(isDeadEnd(0, true)).toBe(false)
    expect(isDeadEnd(3, false)).toBe(false)
  })

  it('trims the text and clears the filter for an empty one', () => {
    expect(textSelection('  aviator ')).toEqual({ type: 'text', value: 'aviator' })
    expect(textSelection('   ')).toBeNull()
  })

  it('warns once per unknown filter type (seed section 4)', () => {
    const warnings: string[] = []
    const warned = new Set<string>()
    const odd = view({ name: 'mood', type: 'slider' as FilterView['type'] })
    expect(warnUnknownTypes([brand, odd], warned, (m) => warnings.push(m))).toEqual(['slider'])
    expect(warnUnknownTypes([odd, brand], warned, (m) => warnings.push(m))).toEqual([])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('slider')
  })
})
