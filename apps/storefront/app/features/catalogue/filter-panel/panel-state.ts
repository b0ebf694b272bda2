import type { FilterView } from '@optika/domain/catalogue/product-list-api'
import {
  isSelectionActive,
  type FilterSelection,
  type FilterState,
} from '@optika/domain/catalogue/filter-codec'

/** The filter types the panel has a widget for (seed section 3). */
export const KNOWN_FILTER_TYPES: ReadonlySet<string> = new Set([
  'multiselect',
  'color',
  'text',
  'range',
])

/** The filter's selection in the state, if it is of the filter's own kind. */
export function selectionOf(filter: FilterView, state: FilterState): FilterSelection | undefined {
  const selection = state[filter.name]
  if (!selection) return undefined
  if (selection.type === filter.type) return selection
  return undefined
}

/** The names of the filters whose selection is active (seed section 4 "Filter activity"). */
export function activeFilterNames(
  filters: readonly FilterView[],
  state: FilterState,
): ReadonlySet<string> {
  return new Set(
    filters
      .filter((filter) => isSelectionActive(filter, selectionOf(filter, state)))
      .map((filter) => filter.name),
  )
}

/**
 * Seed section 4 "Filter section open/closed": a header click toggles a section, and a section
 * opens by itself when its selection becomes non-empty. Returns the open sections after the
 * active ones went from `before` to `now` (the same set when nothing new became active).
 */
export function openNewlyActive(
  open: ReadonlySet<string>,
  before: ReadonlySet<string>,
  now: ReadonlySet<string>,
): ReadonlySet<string> {
  const opening = [...now].filter((name) => !before.has(name) && !open.has(name))
  return opening.length === 0 ? open : new Set([...open, ...opening])
}

/** One header click: open ↔ closed. */
export function toggleSection(open: ReadonlySet<string>, name: string): ReadonlySet<string> {
  const next = new Set(open)
  if (next.has(name)) next.delete(name)
  else next.add(name)
  return next
}

/**
 * Seed section 4: a filter of a type the panel does not know only produces a console warning,
 * once per type. Returns the types it warned about.
 */
export function warnUnknownTypes(
  filters: readonly FilterView[],
  warned: Set<string>,
  warn: (message: string) => void,
): string[] {
  const fresh: string[] = []
  for (const filter of filters) {
    const type = String(filter.type)
    if (KNOWN_FILTER_TYPES.has(type) || warned.has(type)) continue
    warned.add(type)
    fresh.push(type)
    warn(`Filter panel: unknown filter type "${type}" (filter "${filter.name}") is not shown`)
  }
  return fresh
}

/** A stable text key of a set, to notice when it changes between renders. */
export function setKey(names: ReadonlySet<string>): string {
  return [...names].sort().join('\n')
}

/** The keys a multiselect or colour selection holds. */
export function selectedKeys(selection: FilterSelection | undefined): readonly string[] {
  return selection?.type === 'multiselect' || selection?.type === 'color' ? selection.keys : []
}

/** The selection after ticking or unticking one value; null when nothing stays ticked. */
export function toggleKey(
  filter: FilterView,
  selection: FilterSelection | undefined,
  key: string,
  checked: boolean,
): FilterSelection | null {
  const keys = selectedKeys(selection).filter((k) => k !== key)
  if (checked) keys.push(key)
  if (keys.length === 0) return null
  return { type: filter.type === 'color' ? 'color' : 'multiselect', keys }
}

/**
 * A dead end — a value no product would match under the other filters — stays listed but
 * cannot be ticked, unless it is ticked already (then it must stay removable).
 */
export function isDeadEnd(count: number, checked: boolean): boolean {
  return count === 0 && !checked
}

/** The text filter's selection for what was typed; null when only spaces are left. */
export function textSelection(text: string): Extract<FilterSelection, { type: 'text' }> | null {
  const value = text.trim()
  return value === '' ? null : { type: 'text', value }
}
