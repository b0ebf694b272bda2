import {
  removeFromState,
  type FilterSelection,
  type FilterState,
} from '@optika/domain/catalogue/filter-codec'
import type { FrameSize } from '@optika/domain/catalogue/frame-fit'
import type { ProductSort } from '@optika/domain/catalogue/product-data'
import type {
  ActiveFilterEntry,
  PageSpan,
  ProductsResponse,
} from '@optika/domain/catalogue/product-list-api'
import {
  addressParams,
  apiParams,
  FIRST_PAGE,
  formatPage,
  readListQuery,
  sortChanges,
  type ListQuery,
} from './list-query.ts'
import { fetchProducts } from './products-api.ts'

/** Seed section 4 "List state": nothing loaded, loading (overlay), loaded, and a failed request. */
export type ListStatus = 'idle' | 'loading' | 'loaded' | 'error'

/** What both widgets (list area and filter panel) read: one filter state for both. */
export interface ListSnapshot extends ListQuery {
  readonly response: ProductsResponse | null
  readonly status: ListStatus
}

/** How the list's changes reach the browser's address bar (the history API, no navigation). */
export interface AddressBar {
  push(search: string): void
  replace(search: string): void
}

export interface ListStoreOptions {
  readonly categoryId: number
  readonly initial: ListQuery
  /** The server-rendered first answer; null when the page has nothing loaded yet. */
  readonly response: ProductsResponse | null
  readonly address: AddressBar
  readonly fetchList?: typeof fetchProducts
}

/** A request to repeat on Retry: how its answer is used and the `p` of each request. */
interface PendingLoad {
  readonly mode: 'replace' | 'append'
  readonly pages: readonly string[]
  readonly query: ListQuery
}

export interface ListStore {
  readonly getSnapshot: () => ListSnapshot
  readonly subscribe: (listener: () => void) => () => void
  /** A filter's new selection (null clears it): page 1, reload. */
  setFilter(name: string, selection: FilterSelection | null): void
  /** Every filter's selection at once (the filter drawer's apply): page 1, one reload. */
  setFilters(filters: FilterState): void
  /** Removes one 'Active filters' entry's value. */
  removeActive(entry: ActiveFilterEntry): void
  setSort(sort: ProductSort): void
  setLimit(limit: number): void
  /**
   * "Fits like my glasses" (null removes it): page 1, reload. `replace` rewrites the current
   * history entry instead of adding one (a fit remembered on the device, applied on arrival).
   */
  setFit(fit: FrameSize | null, history?: 'push' | 'replace'): void
  /** A page-number choice: reloads and replaces the list. */
  goToPage(page: number): void
  /** 'More products ...': appends the next page; the page becomes `from-next`. */
  loadMore(): void
  /** Repeats the request that failed. */
  retry(): void
  /** Back/forward or a link to this same page: restores the list its address describes. */
  restore(search: string): void
  /** The address-bar query of the current state (without `?`). */
  addressSearch(): string
  /** Stops a request in flight (the page is left). */
  dispose(): void
}

/** The products of both answers, each once, in order (a product may move between pages). */
function appendPage(previous: ProductsResponse, next: ProductsResponse): ProductsResponse {
  const seen = new Set(previous.products.map((product) => product.id))
  return {
    ...next,
    products: [...previous.products, ...next.products.filter((product) => !seen.has(product.id))],
  }
}

/** The answers of pages `from`..`to` requested one by one, as one list. */
function joinPages(responses: readonly ProductsResponse[]): ProductsResponse {
  const [first, ...rest] = responses
  if (!first) throw new Error('No pages to join')
  return rest.reduce(appendPage, first)
}

function pagesOf(page: PageSpan): string[] {
  const pages: string[] = []
  for (let p = page.from; p <= page.to; p += 1) pages.push(String(p))
  return pages
}

function normalizeSearch(search: string): string {
  const params = new URLSearchParams(search)
  // The product a link scrolled to is not part of the list's state.
  params.delete('product')
  params.sort()
  return params.toString()
}

/**
 * The list's state outside React (read with useSyncExternalStore): the query, the last answer and
 * the request status. Every change of the query rewrites the address and reloads; a newer request
 * aborts an older one, so a slow answer never overwrites a newer choice.
 */
export function createListStore(options: ListStoreOptions): ListStore {
  const fetchList = options.fetchList ?? fetchProducts
  const listeners = new Set<() => void>()
  let snapshot: ListSnapshot = {
    ...options.initial,
    response: options.response,
    status: options.response ? 'loaded' : 'idle',
  }
  let controller: AbortController | null = null
  let lastLoad: PendingLoad | null = null

  function set(next: Partial<ListSnapshot>): void {
    snapshot = { ...snapshot, ...next }
    for (const listener of listeners) listener()
  }

  function specs() {
    return snapshot.response?.filters ?? []
  }

  function search(query: ListQuery): string {
    return addressParams(specs(), query).toString()
  }

  function load(pending: PendingLoad): void {
    controller?.abort()
    const current = new AbortController()
    controller = current
    lastLoad = pending
    set({ status: 'loading' })
    const filters = specs()
    Promise.all(
      pending.pages.map((page) =>
        fetchList(apiParams(options.categoryId, filters, pending.query, page), current.signal),
      ),
    ).then(
      (responses) => {
        if (controller !== current) return
        controller = null
        const answer = joinPages(responses)
        const previous = snapshot.response
        set({
          response: pending.mode === 'append' && previous ? appendPage(previous, answer) : answer,
          status: 'loaded',
        })
      },
      () => {
        // An aborted request was superseded by a newer one, which owns the status now.
        if (controller !== current) return
        controller = null
        set({ status: 'error' })
      },
    )
  }

  /** A user's change: a new history entry, then the list for the new query. */
  function change(query: ListQuery, history: 'push' | 'replace' = 'push'): void {
    set(query)
    options.address[history](search(query))
    load({ mode: 'replace', pages: pagesOf(query.page), query })
  }

  function queryOf(): ListQuery {
    const { filters, page, sort, limit, fit = null } = snapshot
    return { filters, page, sort, limit, fit }
  }

  function withFilters(filters: FilterState): void {
    // Seed section 4: changing a filter starts again at page 1 once something was loaded.
    const page = snapshot.response ? FIRST_PAGE : snapshot.page
    change({ ...queryOf(), filters, page })
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setFilter(name, selection) {
      const { [name]: _previous, ...rest } = snapshot.filters
      withFilters(selection ? { ...rest, [name]: selection } : rest)
    },
    setFilters(filters) {
      withFilters(filters)
    },
    removeActive(entry) {
      const byKey = entry.type === 'multiselect' || entry.type === 'color'
      withFilters(removeFromState(snapshot.filters, entry.name, byKey ? entry.value : undefined))
    },
    setSort(sort) {
      if (!sortChanges(snapshot.sort, sort, snapshot.response?.sort)) return
      change({ ...queryOf(), sort, page: FIRST_PAGE })
    },
    setLimit(limit) {
      const current = snapshot.limit ?? snapshot.response?.limit ?? null
      if (limit === current) return
      change({ ...queryOf(), limit, page: FIRST_PAGE })
    },
    setFit(fit, history = 'push') {
      change({ ...queryOf(), fit, page: FIRST_PAGE }, history)
    },
    goToPage(page) {
      change({ ...queryOf(), page: { from: page, to: page } })
    },
    loadMore() {
      const next = snapshot.response?.pagination.next
      if (next === null || next === undefined) return
      const query = { ...queryOf(), page: { from: snapshot.page.from, to: next } }
      set(query)
      options.address.push(search(query))
      load({ mode: 'append', pages: [formatPage(query.page)], query })
    },
    retry() {
      if (lastLoad) load(lastLoad)
    },
    restore(address) {
      if (normalizeSearch(address) === normalizeSearch(search(queryOf()))) return
      const query = readListQuery(specs(), new URLSearchParams(address))
      set(query)
      load({ mode: 'replace', pages: pagesOf(query.page), query })
    },
    addressSearch: () => search(queryOf()),
    dispose() {
      controller?.abort()
      controller = null
    },
  }
}
