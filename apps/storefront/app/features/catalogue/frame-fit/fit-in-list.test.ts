import { describe, expect, it } from 'vitest'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { FIRST_PAGE, readListQuery } from '../product-list/list-query.ts'
import { createListStore } from '../product-list/list-store.ts'

const answer: ProductsResponse = {
  products: [],
  pagination: {
    pageCount: 3,
    current: 2,
    previous: 1,
    next: 3,
    pagesInRange: [1, 2, 3],
    totalCount: 6,
  },
  otherCategories: [],
  filters: [],
  activeFilters: [],
  sort: 'new',
  sortOptions: ['new', 'name'],
  limit: 2,
  limitOptions: [2],
}

function harness() {
  const requested: string[] = []
  const history: string[] = []
  const store = createListStore({
    categoryId: 7,
    initial: { filters: {}, page: { from: 2, to: 2 }, sort: '', limit: null },
    response: answer,
    address: {
      push: (search) => history.push(`push ${search}`),
      replace: (search) => history.push(`replace ${search}`),
    },
    fetchList: (params) => {
      requested.push(params.toString())
      return new Promise<ProductsResponse>(() => {})
    },
  })
  return { store, requested, history }
}

describe('the fit in the list query', () => {
  it('reads `fit` from an address and ignores a malformed one', () => {
    expect(readListQuery([], new URLSearchParams('fit=52_18_140')).fit).toEqual({
      lensWidth: 52,
      bridgeWidth: 18,
      templeLength: 140,
    })
    expect(readListQuery([], new URLSearchParams('fit=52_18')).fit).toBeNull()
  })

  it('asks for page 1 with the pair, adds a history entry, and removing it drops the parameter', () => {
    const { store, requested, history } = harness()
    store.setFit({ lensWidth: 52, bridgeWidth: 18, templeLength: 140 })
    expect(store.getSnapshot().page).toEqual(FIRST_PAGE)
    expect(requested.at(-1)).toBe('cid=7&p=1&fit=52_18_140')
    expect(history).toEqual(['push fit=52_18_140'])
    store.setFit(null)
    expect(requested.at(-1)).toBe('cid=7&p=1')
    expect(history.at(-1)).toBe('push ')
  })

  it('applies a remembered pair in place of the current history entry', () => {
    const { store, history } = harness()
    store.setFit({ lensWidth: 48, bridgeWidth: 20, templeLength: 135 }, 'replace')
    expect(history).toEqual(['replace fit=48_20_135'])
    expect(store.addressSearch()).toBe('fit=48_20_135')
  })
})
