import { describe, expect, it } from 'vitest'
import { readFilters, toListQuery, writeFilters } from './list-filters.ts'

describe('customers list filters in the address', () => {
  it('reads known values and falls back for unknown ones', () => {
    const filters = readFilters(
      new URLSearchParams('search=anna&kind=partner&country=DE&sort=password&page=-2'),
    )
    expect(filters).toEqual({
      search: 'anna',
      kind: 'partner',
      partnerStatus: '',
      country: '',
      sort: 'createdAt',
      order: 'desc',
      page: 1,
    })
  })

  it('writes only what differs from the defaults and reads it back the same', () => {
    const filters = readFilters(
      new URLSearchParams('partnerStatus=pending&sort=name&order=asc&page=3'),
    )
    expect(writeFilters(filters).toString()).toBe(
      'partnerStatus=pending&sort=name&order=asc&page=3',
    )
    expect(readFilters(writeFilters(filters))).toEqual(filters)
    expect(writeFilters(readFilters(new URLSearchParams())).toString()).toBe('')
  })

  it('asks the server for one page with the sort, trimming the search', () => {
    const query = toListQuery({ ...readFilters(new URLSearchParams()), search: '  74 12 ' })
    expect(Object.fromEntries(query)).toEqual({
      search: '74 12',
      sort: 'createdAt',
      order: 'desc',
      page: '1',
      limit: '20',
    })
  })
})
