import { useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router'

/**
 * A list screen's filters kept in the address: read from it on each render, and changed by
 * `setFilters`, which merges a change into the filters it last wrote and replaces the address.
 * react-router's `setSearchParams` builds on the address of the last render instead, so a change
 * made before the screen draws again (a search box's debounced text arriving while a select's
 * navigation is still pending) would undo the one before it.
 */
export function useUrlFilters<Filters>(
  read: (params: URLSearchParams) => Filters,
  write: (filters: Filters) => URLSearchParams,
) {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  // The query the next change builds on, and the queries written that the address has yet to show.
  const written = useRef({ search: params.toString(), pending: [] as string[] })

  useLayoutEffect(() => {
    const search = new URLSearchParams(location.search).toString()
    const { pending } = written.current
    const own = pending.indexOf(search)
    // An address it did not write (back, forward, a link) is the new base; one of its own leaves
    // the base alone, as later writes may still be on their way.
    written.current =
      own === -1 ? { search, pending: [] } : { ...written.current, pending: pending.slice(own + 1) }
  }, [location])

  const setFilters = (change: Partial<Filters>, options?: Omit<NavigateOptions, 'replace'>) => {
    const last = read(new URLSearchParams(written.current.search))
    const search = write({ ...last, ...change }).toString()
    written.current = { search, pending: [...written.current.pending, search] }
    void navigate(`?${search}`, { ...options, replace: true })
  }

  return { params, filters: read(params), setFilters }
}
