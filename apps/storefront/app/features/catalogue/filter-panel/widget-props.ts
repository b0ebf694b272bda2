import type { FilterView } from '@optika/domain/catalogue/product-list-api'
import type { FilterSelection } from '@optika/domain/catalogue/filter-codec'

/** What every filter widget gets: its filter, its current selection and how to change it. */
export interface WidgetProps {
  readonly filter: FilterView
  readonly selection: FilterSelection | undefined
  /** A new selection, or null when the filter is cleared. */
  readonly onChange: (selection: FilterSelection | null) => void
}
