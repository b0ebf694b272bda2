import { useEffect, useId, useState, type JSX, type ReactNode } from 'react'
import type { ActiveFilterEntry, FilterView } from '@optika/domain/catalogue/product-list-api'
import type { FilterSelection, FilterState } from '@optika/domain/catalogue/filter-codec'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { ActiveFilters } from './active-filters.tsx'
import { ColourFilter } from './colour-filter.tsx'
import { FilterSection } from './filter-section.tsx'
import { MultiselectFilter } from './multiselect-filter.tsx'
import {
  KNOWN_FILTER_TYPES,
  activeFilterNames,
  openNewlyActive,
  selectionOf,
  setKey,
  toggleSection,
  warnUnknownTypes,
} from './panel-state.ts'
import { RangeFilter } from './range-filter.tsx'
import { TextFilter } from './text-filter.tsx'
import type { WidgetProps } from './widget-props.ts'

export interface FilterPanelProps {
  readonly filters: readonly FilterView[]
  readonly activeFilters: readonly ActiveFilterEntry[]
  readonly state: FilterState
  readonly onChange: (name: string, selection: FilterSelection | null) => void
  readonly onRemoveActive: (entry: ActiveFilterEntry) => void
  /**
   * Extra sections after the filters (e.g. "fits like my glasses"): they show in the side panel
   * and in the narrow screens' drawer alike.
   */
  readonly children?: ReactNode
}

const WIDGETS: Readonly<Record<string, (props: WidgetProps) => JSX.Element>> = {
  multiselect: MultiselectFilter,
  color: ColourFilter,
  text: TextFilter,
  range: RangeFilter,
}

/** Filter types already warned about in this page's life (seed section 4: one warning). */
const warnedTypes = new Set<string>()

/**
 * Seed section 2, "Filter side panel, titled 'Filter products'": the active filters, then one
 * collapsible section per filter. It holds no filter state of its own — the list widget passes the
 * shared state in and hears every change — only which sections are open.
 */
export function FilterPanel(props: FilterPanelProps): JSX.Element {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-stone-900">
        {t('filter.title')}
      </h2>
      <FilterPanelBody {...props} />
    </section>
  )
}

/**
 * The panel's content without its frame and title: the side panel puts it in a card, the
 * narrow screens' drawer under the dialog's own title.
 */
export function FilterPanelBody(props: FilterPanelProps): JSX.Element {
  const { filters, activeFilters, state, onChange, onRemoveActive, children } = props

  // Sections with a selection start open, on the server too; one that gets a selection later
  // opens by itself (seed section 4).
  const active = activeFilterNames(filters, state)
  const activeKey = setKey(active)
  const [open, setOpen] = useState<ReadonlySet<string>>(active)
  const [seen, setSeen] = useState({ key: activeKey, names: active })
  if (seen.key !== activeKey) {
    setSeen({ key: activeKey, names: active })
    setOpen(openNewlyActive(open, seen.names, active))
  }

  useEffect(() => {
    warnUnknownTypes(filters, warnedTypes, (message) => console.warn(message))
  }, [filters])

  return (
    <>
      <ActiveFilters entries={activeFilters} onRemove={onRemoveActive} />
      <div>
        {filters.map((filter) => {
          if (!KNOWN_FILTER_TYPES.has(filter.type)) return null
          const Widget = WIDGETS[filter.type]
          if (!Widget) return null
          return (
            <FilterSection
              key={filter.name}
              title={filter.title}
              open={open.has(filter.name)}
              onToggle={() => setOpen((current) => toggleSection(current, filter.name))}
            >
              <Widget
                filter={filter}
                selection={selectionOf(filter, state)}
                onChange={(selection) => onChange(filter.name, selection)}
              />
            </FilterSection>
          )
        })}
        {children}
      </div>
    </>
  )
}
