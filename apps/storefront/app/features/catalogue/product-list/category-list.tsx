import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { productTileId } from '../../../components/product-tile.tsx'
import { readListQuery } from './list-query.ts'
import { createListStore, type AddressBar } from './list-store.ts'
import { ListStoreProvider } from './list-store-context.tsx'

interface HistoryEntryState {
  readonly key?: string
  readonly idx?: number
}

/**
 * The address bar through the history API: no navigation, no reload. React Router keeps a key and
 * an index in each entry's state; a new entry gets its own, so the router's back/forward
 * bookkeeping stays consistent.
 */
export function browserAddressBar(pathname: string): AddressBar {
  const url = (search: string): string => (search ? `${pathname}?${search}` : pathname)
  return {
    push(search) {
      const previous = (window.history.state ?? {}) as HistoryEntryState
      const state = {
        ...previous,
        key: Math.random().toString(36).slice(2, 10),
        idx: (previous.idx ?? 0) + 1,
      }
      window.history.pushState(state, '', url(search))
    },
    replace(search) {
      window.history.replaceState(window.history.state, '', url(search))
    },
  }
}

interface CategoryListProps {
  readonly categoryId: number
  readonly categoryUrl: string
  /** The list query the server answered (the address's, or '' when the address's was refused). */
  readonly query: string
  /** True when the address's query was refused and the default list is shown instead. */
  readonly queryRefused: boolean
  readonly response: ProductsResponse | null
  readonly children: ReactNode
}

/**
 * One list store for the category page's two widgets (list area and filter panel), started from
 * the server's answer. Back/forward (popstate) and links to this same page with another query
 * restore the list their address describes.
 */
export function CategoryList({
  categoryId,
  categoryUrl,
  query,
  queryRefused,
  response,
  children,
}: CategoryListProps) {
  const store = useMemo(
    () =>
      createListStore({
        categoryId,
        initial: readListQuery(response?.filters ?? [], new URLSearchParams(query)),
        response,
        address: browserAddressBar(categoryUrl),
      }),
    [categoryId, categoryUrl, query, response],
  )
  const location = useLocation()
  const seen = useRef({ location, store })

  useEffect(() => {
    // Back/forward between this page's entries; leaving for another page is the router's.
    const onPopState = (): void => {
      if (window.location.pathname === categoryUrl) store.restore(window.location.search)
    }
    window.addEventListener('popstate', onPopState)
    return () => {
      window.removeEventListener('popstate', onPopState)
      store.dispose()
    }
  }, [store, categoryUrl])

  // A router navigation to this page with another query (the loader does not run again). A new
  // store (another category, or the loader ran) already starts from its address.
  useEffect(() => {
    const previous = seen.current
    seen.current = { location, store }
    if (previous.store !== store || previous.location === location) return
    if (location.pathname === categoryUrl) store.restore(location.search)
  }, [location, store, categoryUrl])

  // The first render: drop a refused query from the address; scroll to `?product=<id>`.
  useEffect(() => {
    const product = new URLSearchParams(window.location.search).get('product')
    if (queryRefused) browserAddressBar(categoryUrl).replace('')
    if (product && /^\d+$/.test(product)) {
      document
        .getElementById(productTileId(Number(product)))
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' })
    }
  }, [store, queryRefused, categoryUrl])

  return <ListStoreProvider store={store}>{children}</ListStoreProvider>
}
