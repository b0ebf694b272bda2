import { describe, expect, it } from 'vitest'
import type {
  ProductsResponse,
  ProductsListProduct,
} from '@optika/domain/catalogue/product-list-api'
import { FIRST_PAGE } from './list-query.ts'
import { createListStore, type ListStoreOptions } from './list-store.ts'

function product(id: number): ProductsListProduct {
  return {
    id,
    name: `P${id}`,
    url: `/en/p/${id}/p`,
    type: 'frame',
    statuses: [],
    variants: [],
    colors: [],
  }
}

function answer(page: number, ids: number[], pageCount = 3): ProductsResponse {
  return {
    products: ids.map(product),
    pagination: {
      pageCount,
      current: page,
      previous: page > 1 ? page - 1 : null,
      next: page < pageCount ? page + 1 : null,
      pagesInRange: [1, 2, 3].slice(0, pageCount),
      totalCount: pageCount * 2,
    },
    otherCategories: [],
    filters: [
      {
        name: 'brand',
        title: 'Brand',
        type: 'multiselect',
        column: 'brand',
        values: [
          { key: 'rayban', name: 'Ray-Ban', icon: null, count: 2 },
          { key: 'oakley', name: 'Oakley', icon: null, count: 2 },
        ],
        selectedValues: [],
        value: '',
      },
    ],
    activeFilters: [],
    sort: 'new',
    sortOptions: ['new', 'name'],
    limit: 2,
    limitOptions: [2, 4],
  }
}

/** A list API answering by hand: each request waits until the test resolves or fails it. */
function harness(options: Partial<ListStoreOptions> = {}) {
  const requests: {
    params: URLSearchParams
    signal: AbortSignal
    resolve: (r: ProductsResponse) => void
    reject: (e: Error) => void
  }[] = []
  const pushed: string[] = []
  const store = createListStore({
    categoryId: 7,
    initial: { filters: {}, page: FIRST_PAGE, sort: '', limit: null },
    response: answer(1, [1, 2]),
    address: { push: (search) => pushed.push(search), replace: () => undefined },
    fetchList: (params, signal) =>
      new Promise<ProductsResponse>((resolve, reject) => {
        requests.push({ params, signal, resolve, reject })
      }),
    ...options,
  })
  return { store, requests, pushed }
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('list store', () => {
  it('starts loaded from the server answer, and with nothing loaded shows the idle state', () => {
    expect(harness().store.getSnapshot().status).toBe('loaded')
    expect(harness({ response: null }).store.getSnapshot().status).toBe('idle')
  })

  it('a page choice replaces the list and writes the page into the address', async () => {
    const { store, requests, pushed } = harness()
    store.goToPage(2)
    expect(store.getSnapshot().status).toBe('loading')
    expect(pushed).toEqual(['p=2'])
    expect(requests[0]?.params.toString()).toBe('cid=7&p=2')
    requests[0]?.resolve(answer(2, [3, 4]))
    await settle()
    expect(store.getSnapshot().response?.products.map((p) => p.id)).toEqual([3, 4])
    expect(store.getSnapshot().status).toBe('loaded')
  })

  it('more products appends the next page and the address carries from-to', async () => {
    const { store, requests, pushed } = harness()
    store.loadMore()
    expect(requests[0]?.params.get('p')).toBe('1-2')
    expect(pushed).toEqual(['p=1-2'])
    requests[0]?.resolve(answer(2, [3, 4]))
    await settle()
    expect(store.getSnapshot().response?.products.map((p) => p.id)).toEqual([1, 2, 3, 4])
  })

  it('a filter change goes back to page 1 and aborts the request it supersedes', async () => {
    const { store, requests, pushed } = harness()
    store.goToPage(3)
    store.setFilter('brand', { type: 'multiselect', keys: ['oakley'] })
    expect(requests[0]?.signal.aborted).toBe(true)
    expect(pushed.at(-1)).toBe('brand=oakley')
    expect(requests[1]?.params.toString()).toBe('cid=7&p=1&brand=oakley')
    requests[0]?.reject(new Error('aborted'))
    requests[1]?.resolve(answer(1, [2], 1))
    await settle()
    expect(store.getSnapshot().status).toBe('loaded')
    expect(store.getSnapshot().response?.products.map((p) => p.id)).toEqual([2])
  })

  it('the default sort with none set, or the current sort, does not reload', () => {
    const { store, requests } = harness()
    store.setSort('new')
    expect(requests).toHaveLength(0)
    store.setSort('name')
    store.setSort('name')
    expect(requests).toHaveLength(1)
  })

  it("'Newest first' reloads a list opened in a category's explicit default 'name'", async () => {
    const { store, requests, pushed } = harness({
      response: { ...answer(1, [1, 2]), sort: 'name' },
    })
    store.setSort('name')
    expect(requests).toHaveLength(0)
    store.setSort('new')
    expect(pushed).toEqual(['sort=new'])
    expect(requests[0]?.params.toString()).toBe('cid=7&p=1&sort=new')
    requests[0]?.resolve(answer(1, [2, 1]))
    await settle()
    store.setSort('name')
    expect(requests.map((r) => r.params.get('sort'))).toEqual(['new', 'name'])
  })

  it('a failed request ends loading with an error, and retry repeats it', async () => {
    const { store, requests } = harness()
    store.goToPage(2)
    requests[0]?.reject(new Error('offline'))
    await settle()
    expect(store.getSnapshot().status).toBe('error')
    store.retry()
    expect(requests[1]?.params.toString()).toBe('cid=7&p=2')
    requests[1]?.resolve(answer(2, [3, 4]))
    await settle()
    expect(store.getSnapshot().status).toBe('loaded')
  })

  it('restoring an address with a span loads each page of it into one list', async () => {
    const { store, requests, pushed } = harness()
    store.restore('?brand=rayban&p=1-2')
    expect(pushed).toEqual([])
    expect(requests.map((r) => r.params.toString())).toEqual([
      'cid=7&p=1&brand=rayban',
      'cid=7&p=2&brand=rayban',
    ])
    requests[1]?.resolve(answer(2, [3]))
    requests[0]?.resolve(answer(1, [1]))
    await settle()
    expect(store.getSnapshot().response?.products.map((p) => p.id)).toEqual([1, 3])
    expect(store.getSnapshot().filters).toEqual({
      brand: { type: 'multiselect', keys: ['rayban'] },
    })
    // The address it already shows restores nothing.
    store.restore('?brand=rayban&p=1-2&product=3')
    expect(requests).toHaveLength(2)
  })
})
