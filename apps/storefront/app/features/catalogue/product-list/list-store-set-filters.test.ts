import { describe, expect, it } from 'vitest'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { createListStore } from './list-store.ts'

function answer(totalCount: number): ProductsResponse {
  return {
    products: [],
    pagination: {
      pageCount: 3,
      current: 1,
      previous: null,
      next: 2,
      pagesInRange: [1, 2, 3],
      totalCount,
    },
    otherCategories: [],
    filters: [
      {
        name: 'brand',
        title: 'Brand',
        type: 'multiselect',
        column: 'brand',
        values: [{ key: 'rayban', name: 'Ray-Ban', icon: null, count: 2 }],
        selectedValues: [],
        value: '',
      },
      {
        name: 'lensWidth',
        title: 'Lens width',
        type: 'range',
        column: 'lensWidth',
        values: [],
        selectedValues: [],
        value: '',
        range: { min: 0, max: 62 },
      },
    ],
    activeFilters: [],
    sort: 'new',
    sortOptions: ['new', 'name'],
    limit: 24,
    limitOptions: [12, 24],
  }
}

describe('list store: the filter drawer applies its choice', () => {
  it('replaces every filter at once: one history entry, one request, page 1', async () => {
    const pushed: string[] = []
    const requests: URLSearchParams[] = []
    const store = createListStore({
      categoryId: 7,
      initial: {
        filters: { brand: { type: 'multiselect', keys: ['rayban'] } },
        page: { from: 2, to: 2 },
        sort: 'name',
        limit: null,
      },
      response: answer(30),
      address: { push: (search) => pushed.push(search), replace: () => undefined },
      fetchList: (params) => {
        requests.push(params)
        return Promise.resolve(answer(4))
      },
    })

    store.setFilters({ lensWidth: { type: 'range', min: 40, max: 50 } })
    await new Promise((resolve) => setTimeout(resolve, 0))

    expect(pushed).toEqual(['lensWidth=40_50&sort=name'])
    expect(requests.map(String)).toEqual(['cid=7&p=1&sort=name&lensWidth=40_50'])
    expect(store.getSnapshot().filters).toEqual({ lensWidth: { type: 'range', min: 40, max: 50 } })
    expect(store.getSnapshot().response?.pagination.totalCount).toBe(4)
  })
})
