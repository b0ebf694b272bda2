import { describe, expect, it } from 'vitest'
import type { FilterSpec } from '@optika/domain/catalogue/filter-codec'
import {
  addressParams,
  apiParams,
  FIRST_PAGE,
  parsePage,
  productLinkParams,
  readListQuery,
  sortChanges,
} from './list-query.ts'

const specs: FilterSpec[] = [
  { name: 'brand', type: 'multiselect', values: [{ key: 'rayban' }, { key: 'oakley' }] },
  { name: 'model', type: 'text', searchType: 'all' },
  { name: 'width', type: 'range', range: { min: 40, max: 62 } },
]

describe('list query', () => {
  it('reads a page or a load-more span, and falls back to page 1 for anything else', () => {
    expect(parsePage('3')).toEqual({ from: 3, to: 3 })
    expect(parsePage('2-4')).toEqual({ from: 2, to: 4 })
    for (const raw of [null, '', '0', '4-2', 'x', '1-', '-1', '1.5', '1-500']) {
      expect(parsePage(raw)).toEqual(FIRST_PAGE)
    }
  })

  it('writes the address with the active filters, then the page, sort and size when chosen', () => {
    const query = readListQuery(
      specs,
      new URLSearchParams('brand=rayban_oakley&width=40_62&p=1-3&sort=name&limit=48'),
    )
    // The full range is no selection, so it leaves the address.
    expect(addressParams(specs, query).toString()).toBe(
      'brand=rayban_oakley&p=1-3&sort=name&limit=48',
    )
    expect(
      addressParams(specs, { ...query, page: FIRST_PAGE, sort: '', limit: null }).toString(),
    ).toBe('brand=rayban_oakley')
  })

  it('asks the API with the category id first and searchin=all for a shop-wide model search', () => {
    const query = readListQuery(specs, new URLSearchParams('model=aviator&sort=bogus'))
    expect(query.sort).toBe('')
    expect(apiParams(7, specs, query, '2-3').toString()).toBe(
      'cid=7&p=2-3&model=aviator&searchin=all',
    )
  })

  it('gives product links the category id and the active filters', () => {
    const { filters } = readListQuery(specs, new URLSearchParams('brand=oakley&p=2'))
    expect(productLinkParams(7, specs, filters).toString()).toBe('cid=7&brand=oakley')
  })

  it('reloads for a new sort, not for the current one or the default with none set', () => {
    expect(sortChanges('', 'new', undefined)).toBe(false)
    expect(sortChanges('', 'new', 'new')).toBe(false)
    expect(sortChanges('name', 'name', 'name')).toBe(false)
    expect(sortChanges('', 'name', 'new')).toBe(true)
    expect(sortChanges('name', 'new', 'name')).toBe(true)
  })

  it("measures a choice against the category's explicit default when no sort is set", () => {
    // A category whose editor chose 'name' opens by name: 'Newest first' must reload.
    expect(sortChanges('', 'new', 'name')).toBe(true)
    expect(sortChanges('', 'name', 'name')).toBe(false)
  })
})
