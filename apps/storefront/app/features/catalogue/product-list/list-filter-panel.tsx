import { FilterDrawer } from '../filter-panel/filter-drawer.tsx'
import { FilterPanel } from '../filter-panel/filter-panel.tsx'
import { apiParams, FIRST_PAGE } from './list-query.ts'
import { useListSnapshot, useListStore } from './list-store-context.tsx'
import { fetchProducts } from './products-api.ts'

/**
 * The filter side panel (its own widget) wired to the list's shared filter state: a change
 * reloads the list from page 1; the panel's filters and active entries come from the last answer.
 */
export function ListFilterPanel() {
  const store = useListStore()
  const { response, filters } = useListSnapshot()
  if (!response) return null
  return (
    <FilterPanel
      filters={response.filters}
      activeFilters={response.activeFilters}
      state={filters}
      onChange={(name, selection) => store.setFilter(name, selection)}
      onRemoveActive={(entry) => store.removeActive(entry)}
    />
  )
}

/**
 * The same panel in the narrow screens' drawer: its choices apply together, and its count comes
 * from GET /api/products under the drawer's choice (page 1 of the smallest page size: only the
 * total and the facet counts are read).
 */
export function ListFilterDrawer({ categoryId }: { readonly categoryId: number }) {
  const store = useListStore()
  const { response, filters, sort, limit } = useListSnapshot()
  if (!response) return null
  const specs = response.filters
  const smallest = response.limitOptions.length > 0 ? Math.min(...response.limitOptions) : limit
  return (
    <FilterDrawer
      filters={specs}
      activeFilters={response.activeFilters}
      state={filters}
      totalCount={response.pagination.totalCount}
      onApply={(next) => store.setFilters(next)}
      preview={(next, signal) =>
        fetchProducts(
          apiParams(
            categoryId,
            specs,
            { filters: next, page: FIRST_PAGE, sort, limit: smallest },
            '1',
          ),
          signal,
        )
      }
    />
  )
}
