import type { FilterType } from './product-data.ts'

/**
 * The list's filter state and its query-string encoding (seed sections 4 and 5), shared by the
 * server (GET /api/products, the category page), the list widget and the filter panel.
 *
 * - multiselect / colour: the selected keys joined with `_` (`brand=rayban_oakley`);
 * - text: the value when non-empty (`model=aviator`); a model filter searching the whole shop
 *   (searchType 'all') also sends `searchin=all`;
 * - range: `min_max`, only when both bounds are set and differ from the full range.
 *
 * Keys never contain `_` (the shop's option keys are camelCase), so joining is lossless.
 */

export type FilterSelection =
  | { readonly type: 'multiselect' | 'color'; readonly keys: readonly string[] }
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'range'; readonly min: number; readonly max: number }

/** The selection per filter name. A filter without an entry has nothing selected. */
export type FilterState = Readonly<Record<string, FilterSelection>>

/** What the codec needs to know about a filter; `FilterView` satisfies it. */
export interface FilterSpec {
  readonly name: string
  readonly type: FilterType
  readonly searchType?: 'category' | 'all' | undefined
  /** Range filters: the full range. */
  readonly range?: { readonly min: number; readonly max: number } | undefined
  /** Multiselect/colour: the known keys; a selected key not among them is not active. */
  readonly values?: readonly { readonly key: string }[] | undefined
}

export const SEARCH_IN_PARAM = 'searchin'
export const VALUE_SEPARATOR = '_'
/** Seed section 9: a range slider without bounds goes from 0 to 100. */
export const DEFAULT_RANGE = { min: 0, max: 100 } as const

function fullRange(spec: FilterSpec): { min: number; max: number } {
  return spec.range ?? DEFAULT_RANGE
}

/** Seed section 4 "Filter activity": is this selection of this filter active? */
export function isSelectionActive(
  spec: FilterSpec,
  selection: FilterSelection | undefined,
): boolean {
  if (!selection) return false
  switch (selection.type) {
    case 'text':
      return selection.value.trim() !== ''
    case 'multiselect':
    case 'color':
      return activeKeys(spec, selection.keys).length > 0
    case 'range': {
      const range = fullRange(spec)
      return (
        Number.isFinite(selection.min) &&
        Number.isFinite(selection.max) &&
        (selection.min !== range.min || selection.max !== range.max)
      )
    }
  }
}

/** The selected keys that match a known value (all of them when the values are not known). */
export function activeKeys(spec: FilterSpec, keys: readonly string[]): string[] {
  if (!spec.values) return [...keys]
  const known = new Set(spec.values.map((value) => value.key))
  return keys.filter((key) => known.has(key))
}

/** The query parameters of the active filters, in the specs' order (plus `searchin=all`). */
export function encodeFilterParams(
  specs: readonly FilterSpec[],
  state: FilterState,
): [string, string][] {
  const params: [string, string][] = []
  let searchInAll = false
  for (const spec of specs) {
    const selection = state[spec.name]
    if (!selection || selection.type !== spec.type) continue
    if (!isSelectionActive(spec, selection)) continue
    switch (selection.type) {
      case 'multiselect':
      case 'color':
        params.push([spec.name, activeKeys(spec, selection.keys).join(VALUE_SEPARATOR)])
        break
      case 'text':
        params.push([spec.name, selection.value.trim()])
        if (spec.searchType === 'all') searchInAll = true
        break
      case 'range':
        params.push([spec.name, `${selection.min}${VALUE_SEPARATOR}${selection.max}`])
        break
    }
  }
  if (searchInAll) params.push([SEARCH_IN_PARAM, 'all'])
  return params
}

export interface FilterDecodeError {
  readonly name: string
  readonly value: string
  /** 'range' — not two numbers `min_max` with min ≤ max; 'empty' — an empty value. */
  readonly reason: 'range' | 'empty'
}

const NUMBER = /^-?\d+(\.\d+)?$/

/**
 * Reads the filters' parameters from a query string. Parameters not named by a spec are ignored
 * here (the caller decides what unknown names mean); malformed values are reported, not thrown.
 */
export function decodeFilterParams(
  specs: readonly FilterSpec[],
  params: URLSearchParams,
): { state: FilterState; errors: FilterDecodeError[] } {
  const state: Record<string, FilterSelection> = {}
  const errors: FilterDecodeError[] = []
  for (const spec of specs) {
    const raw = params.get(spec.name)
    if (raw === null) continue
    switch (spec.type) {
      case 'multiselect':
      case 'color': {
        const keys = raw.split(VALUE_SEPARATOR).filter((key) => key !== '')
        if (keys.length === 0) errors.push({ name: spec.name, value: raw, reason: 'empty' })
        else state[spec.name] = { type: spec.type, keys: [...new Set(keys)] }
        break
      }
      case 'text':
        if (raw.trim() !== '') state[spec.name] = { type: 'text', value: raw.trim() }
        break
      case 'range': {
        const parts = raw.split(VALUE_SEPARATOR)
        const [min, max] = parts.map(Number)
        if (
          parts.length !== 2 ||
          !parts.every((part) => NUMBER.test(part)) ||
          min === undefined ||
          max === undefined ||
          min > max
        ) {
          errors.push({ name: spec.name, value: raw, reason: 'range' })
        } else {
          state[spec.name] = { type: 'range', min, max }
        }
        break
      }
    }
  }
  return { state, errors }
}

/** The state without one active entry's value (seed section 4 "Removing an active entry"). */
export function removeFromState(state: FilterState, name: string, value?: string): FilterState {
  const selection = state[name]
  if (!selection) return state
  const { [name]: _removed, ...rest } = state
  if ((selection.type === 'multiselect' || selection.type === 'color') && value !== undefined) {
    const keys = selection.keys.filter((key) => key !== value)
    return keys.length > 0 ? { ...rest, [name]: { ...selection, keys } } : rest
  }
  return rest
}
