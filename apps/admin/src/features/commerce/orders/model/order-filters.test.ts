import { describe, expect, it } from 'vitest'
import { readFilters, toListQuery, writeFilters } from './order-filters.ts'

describe('orders list filters in the address', () => {
  it('reads known values and drops anything else', () => {
    const filters = readFilters(
      new URLSearchParams(
        'search=7411&status=shipped&country=XX&currency=EUR&paymentKind=gift&buyerKind=partner&from=2026-03-01&to=yesterday&sort=total&order=asc&page=0',
      ),
    )
    expect(filters).toEqual({
      search: '7411',
      status: 'shipped',
      country: '',
      currency: 'EUR',
      paymentKind: '',
      buyerKind: 'partner',
      from: '2026-03-01',
      to: '',
      sort: 'total',
      order: 'asc',
      page: 1,
    })
  })

  it('writes only what differs from the defaults, and the API query in full', () => {
    const filters = readFilters(new URLSearchParams('status=new&page=3'))
    expect(writeFilters(filters).toString()).toBe('status=new&page=3')
    expect(toListQuery({ ...filters, search: '  Nová ' }).toString()).toBe(
      'search=Nov%C3%A1&status=new&page=3&sort=createdAt&order=desc&limit=20',
    )
  })
})
