import { sql } from 'drizzle-orm'
import { AVAILABILITY_STATES } from '@optika/domain/catalogue/availability'
import {
  AGE_GROUPS,
  FRAME_SHAPES,
  FRAME_TYPES,
  GENDERS,
  MATERIALS,
  OPTICAL_CONSTRUCTIONS,
  PRODUCT_KINDS,
  SPARE_PART_KINDS,
  type FilterRow,
} from '@optika/domain/catalogue/product-data'
import type {
  ActiveFilterEntry,
  FilterValue,
  FilterView,
} from '@optika/domain/catalogue/product-list-api'
import { PRODUCT_STATUSES } from '@optika/domain/catalogue/statuses'
import {
  activeKeys,
  DEFAULT_RANGE,
  isSelectionActive,
  type FilterSelection,
} from '@optika/domain/catalogue/filter-codec'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productIndexVariants } from '../../platform/db/schema/pim.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { ProductIndexFacet, ProductIndexFilter } from '../product-index/query-product-index.ts'
import { collator } from '@optika/domain/i18n/intl-formats'

/**
 * Index columns whose stored keys have labels in the catalogue, and the order the options are
 * defined in (the panel lists them so; other columns, e.g. brands, go alphabetically).
 */
const OPTION_LABELS: Readonly<Record<string, { prefix: string; order: readonly string[] }>> = {
  genders: { prefix: 'filter.', order: GENDERS },
  statuses: { prefix: 'status.', order: PRODUCT_STATUSES },
  clearance: { prefix: 'status.', order: PRODUCT_STATUSES },
  availability: { prefix: 'availability.', order: AVAILABILITY_STATES },
  kind: { prefix: 'option.productKind.', order: PRODUCT_KINDS },
  ageGroups: { prefix: 'option.ageGroup.', order: AGE_GROUPS },
  shape: { prefix: 'option.shape.', order: FRAME_SHAPES },
  frameType: { prefix: 'option.frameType.', order: FRAME_TYPES },
  frameMaterial: { prefix: 'option.material.', order: MATERIALS },
  frontMaterial: { prefix: 'option.material.', order: MATERIALS },
  templeMaterial: { prefix: 'option.material.', order: MATERIALS },
  opticalConstruction: { prefix: 'option.opticalConstruction.', order: OPTICAL_CONSTRUCTIONS },
  sparePartKind: { prefix: 'option.sparePartKind.', order: SPARE_PART_KINDS },
}

/** A colour value's swatch and name, from the variants that carry it. */
export interface ColorLabel {
  readonly css: string
  readonly name: string
}

/** Names and swatches of colour keys, in `locale`, from the indexed variants (one query). */
export async function loadColorLabels(
  db: Db,
  locale: Locale,
  keys: readonly string[],
): Promise<Map<string, ColorLabel>> {
  if (keys.length === 0) return new Map()
  // One index probe per colour (product_index_variants_color_idx): the first variant of each key.
  const result = await db.execute<{ key: string; css: string; name: string | null }>(sql`
    select k.key, v.color_css as css, v.color_name->>${locale} as name
    from unnest(array[${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}]::text[]) as k(key)
    cross join lateral (
      select color_css, color_name from ${productIndexVariants}
      where color_key = k.key order by variant_id limit 1
    ) v`)
  const rows = result.rows
  return new Map(rows.map((row) => [row.key, { css: row.css, name: row.name || row.key }]))
}

/** A filter of the request: its definition row and what the query string selects. */
export interface RequestedFilter {
  readonly row: FilterRow
  /** Only active selections (seed section 4); unknown keys are already dropped. */
  readonly selection: FilterSelection | undefined
  /** The full range of a range filter. */
  readonly range?: { readonly min: number; readonly max: number }
}

/** The filter as the product search takes it; inactive filters still get their facets counted. */
export function toIndexFilter(filter: RequestedFilter): ProductIndexFilter {
  const { row, selection } = filter
  const base = { name: filter.row.name, type: row.type, column: row.column }
  if (!selection) return base
  switch (selection.type) {
    case 'multiselect':
    case 'color':
      return { ...base, values: selection.keys }
    case 'text':
      return { ...base, text: selection.value }
    case 'range':
      return { ...base, min: selection.min, max: selection.max }
  }
}

/**
 * A range filter's full range: the definition's bounds, else the category's data (whole
 * numbers around it, as the slider steps by 1), else 0–100 (seed section 9).
 */
export function fullRangeOf(row: FilterRow, facet: ProductIndexFacet | undefined) {
  const dataMin = facet?.min ?? null
  const dataMax = facet?.max ?? null
  return {
    min: row.rangeMin ?? (dataMin === null ? DEFAULT_RANGE.min : Math.floor(dataMin)),
    max: row.rangeMax ?? (dataMax === null ? DEFAULT_RANGE.max : Math.ceil(dataMax)),
  }
}

/**
 * The selection of one filter that counts (seed section 4): keys matching a known value, a
 * non-empty text, a range differing from the full one. Undefined when nothing is active.
 */
export function activeSelection(
  row: FilterRow,
  selection: FilterSelection | undefined,
  knownKeys: readonly string[] | undefined,
  range: { min: number; max: number } | undefined,
): FilterSelection | undefined {
  if (!selection || selection.type !== row.type) return undefined
  const spec = {
    name: row.name,
    type: row.type,
    range,
    values: knownKeys?.map((key) => ({ key })),
  }
  if (!isSelectionActive(spec, selection)) return undefined
  if (selection.type === 'multiselect' || selection.type === 'color') {
    return { type: selection.type, keys: activeKeys(spec, selection.keys) }
  }
  return selection
}

export interface FilterViewInput {
  readonly locale: Locale
  readonly translator: Translator
  readonly filters: readonly RequestedFilter[]
  /** Keys present in the category without any filter (the values the panel always lists). */
  readonly universe: Readonly<Record<string, ProductIndexFacet>>
  /** Counts under every other active filter. */
  readonly facets: Readonly<Record<string, ProductIndexFacet>>
  readonly colors: ReadonlyMap<string, ColorLabel>
  /** Text filters: whether the request searches the whole shop ('all'), when it says so. */
  readonly searchIn: 'all' | 'category' | undefined
}

/** Every key a multiselect/colour filter offers: the category's, plus any the results hold. */
export function knownKeysOf(
  name: string,
  universe: Readonly<Record<string, ProductIndexFacet>>,
  facets: Readonly<Record<string, ProductIndexFacet>>,
): string[] {
  const keys = new Set(Object.keys(universe[name]?.counts ?? {}))
  for (const [key, count] of Object.entries(facets[name]?.counts ?? {})) {
    if (count > 0) keys.add(key)
  }
  return [...keys]
}

function valueName(
  input: FilterViewInput,
  row: FilterRow,
  key: string,
): { name: string; color?: string } {
  if (row.type === 'color') {
    const label = input.colors.get(key)
    return label ? { name: label.name, color: label.css } : { name: key }
  }
  const labels = OPTION_LABELS[row.column]
  if (!labels) return { name: key }
  const labelKey = `${labels.prefix}${key}`
  const name = input.translator.t(input.locale, labelKey)
  return { name: name === labelKey ? key : name }
}

/** The panel's filters (seed section 3 "Filter"), translated, with counts and selections. */
export function buildFilterViews(input: FilterViewInput): {
  filters: FilterView[]
  activeFilters: ActiveFilterEntry[]
} {
  const collation = collator(input.locale)
  const filters: FilterView[] = []
  const activeFilters: ActiveFilterEntry[] = []
  for (const filter of input.filters) {
    const { row, selection } = filter
    const title = input.translator.t(input.locale, row.titleKey)
    const entry = (value: string, valueName: string): ActiveFilterEntry => ({
      title,
      column: row.column,
      name: row.name,
      value,
      valueName,
      type: row.type,
    })
    const common = { name: row.name, title, type: row.type, column: row.column }
    switch (row.type) {
      case 'multiselect':
      case 'color': {
        const counts = input.facets[row.name]?.counts ?? {}
        const order = OPTION_LABELS[row.column]?.order
        const values: FilterValue[] = knownKeysOf(row.name, input.universe, input.facets).map(
          (key) => ({ key, ...valueName(input, row, key), icon: null, count: counts[key] ?? 0 }),
        )
        values.sort((a, b) => {
          const rank = order ? rankOf(order, a.key) - rankOf(order, b.key) : 0
          return rank || collation.compare(a.name, b.name) || a.key.localeCompare(b.key)
        })
        const selected =
          selection?.type === 'multiselect' || selection?.type === 'color' ? selection.keys : []
        filters.push({ ...common, values, selectedValues: selected, value: '' })
        for (const key of selected) {
          activeFilters.push(entry(key, values.find((v) => v.key === key)?.name ?? key))
        }
        break
      }
      case 'text': {
        const text = selection?.type === 'text' ? selection.value : ''
        const searchType =
          input.searchIn ?? (text === '' ? (row.searchType ?? 'category') : 'category')
        filters.push({ ...common, values: [], selectedValues: [], value: text, searchType })
        if (text !== '') activeFilters.push(entry(text, text))
        break
      }
      case 'range': {
        const range = filter.range ?? DEFAULT_RANGE
        const selectedRange =
          selection?.type === 'range' ? { min: selection.min, max: selection.max } : null
        filters.push({
          ...common,
          values: [],
          selectedValues: [],
          value: '',
          range,
          selectedRange,
          ...(row.unit ? { unit: row.unit } : {}),
        })
        if (selectedRange) {
          const unit = row.unit ? ` ${row.unit}` : ''
          activeFilters.push(
            entry(
              `${selectedRange.min}_${selectedRange.max}`,
              `${selectedRange.min}–${selectedRange.max}${unit}`,
            ),
          )
        }
        break
      }
    }
  }
  return { filters, activeFilters }
}

function rankOf(order: readonly string[], key: string): number {
  const index = order.indexOf(key)
  return index === -1 ? order.length : index
}
