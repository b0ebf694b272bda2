import { FilterPanel } from '../filter-panel/filter-panel.tsx'
import { useListSnapshot, useListStore } from './list-store-context.tsx'

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
