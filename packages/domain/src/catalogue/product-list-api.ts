import type { Currency } from '../commerce/currencies.ts'
import type { FilterType, ProductSort } from './product-data.ts'
import type { ProductListItem } from './product-list-item.ts'

/**
 * The contract of `GET /api/products` (seed sections 3, 5 and 7) and of the category page that
 * renders the same data on the server. Query parameters:
 *
 * - `cid` — category id; without it, the whole catalogue;
 * - `p` — page number (default 1), or `from-to` (load more: the response holds page `to`);
 * - `sort` — `new` (default), `name`, `price.asc`, `price.desc` (price sorts need a user);
 * - `limit` — products per page, one of the filter definition's page sizes;
 * - one parameter per active filter, named by the filter's `name` (encoding in `filter-codec.ts`);
 * - `searchin=all` when the model filter's searchType is 'all'.
 */
export const PRODUCTS_QUERY_RESERVED = ['cid', 'p', 'sort', 'limit', 'searchin', 'product'] as const

/** The page a list shows: one page, or the pages `from`..`to` of a load-more sequence. */
export interface PageSpan {
  readonly from: number
  readonly to: number
}

/** Seed section 3 "Pagination". `previous`/`next` are null at the ends. */
export interface Pagination {
  readonly pageCount: number
  readonly current: number
  readonly previous: number | null
  readonly next: number | null
  /** The page numbers the page-number bar shows around `current`. */
  readonly pagesInRange: readonly number[]
  readonly totalCount: number
}

/** One value of a multiselect or colour filter, with how many products it would give. */
export interface FilterValue {
  readonly key: string
  /** Translated label. */
  readonly name: string
  readonly icon: string | null
  /** Colour filters: the swatch's CSS colour. */
  readonly color?: string
  /** Products with this value under every OTHER active filter (0 = a dead end). */
  readonly count: number
}

/** Seed section 3 "Filter", as the panel receives it (translated, with counts). */
export interface FilterView {
  readonly name: string
  readonly title: string
  readonly type: FilterType
  readonly column: string
  readonly values: readonly FilterValue[]
  /** Multiselect/colour: the selected keys that match a known value. */
  readonly selectedValues: readonly string[]
  /** Text: the current value ('' when empty). */
  readonly value: string
  /** Text (model) filter: search the category or the whole shop. */
  readonly searchType?: 'category' | 'all'
  /** Range: the full range (definition bounds, else the data's, else 0–100). */
  readonly range?: { readonly min: number; readonly max: number }
  /** Range: the selected bounds, null when the full range is selected. */
  readonly selectedRange?: { readonly min: number; readonly max: number } | null
  readonly unit?: string
}

/** Seed section 3 "Active-filter entry": one removable 'title: value name' entry. */
export interface ActiveFilterEntry {
  readonly title: string
  readonly column: string
  readonly name: string
  /** The key (multiselect/colour), the text, or `min_max` (range). */
  readonly value: string
  readonly valueName: string
  readonly type: FilterType
}

/** Prices a signed-in viewer sees on a tile; never sent to anonymous visitors. */
export interface ProductListPrice {
  readonly currency: Currency
  /** Minor units. With VAT for customers, without VAT for partners (`withVat`). */
  readonly final: number
  readonly catalog: number
  /** Set when an action price applies. */
  readonly action?: number
  readonly discountPercent?: number
  readonly withVat: boolean
}

/** A product of a list response: the seed's fields, plus a price for signed-in viewers. */
export interface ProductsListProduct extends ProductListItem {
  readonly price?: ProductListPrice
}

/** 'Found in other categories': matches of the active search filed in other categories. */
export interface OtherCategoryGroup {
  readonly id: number
  readonly name: string
  readonly url: string
  readonly products: readonly ProductsListProduct[]
}

/** The response of GET /api/products and the data the category page renders first. */
export interface ProductsResponse {
  readonly products: readonly ProductsListProduct[]
  readonly pagination: Pagination
  readonly otherCategories: readonly OtherCategoryGroup[]
  readonly filters: readonly FilterView[]
  readonly activeFilters: readonly ActiveFilterEntry[]
  /** The sort applied, and the sorts this viewer may choose (price sorts only with a user). */
  readonly sort: ProductSort
  readonly sortOptions: readonly ProductSort[]
  /** Products per page applied, and the choices (from the filter definition). */
  readonly limit: number
  readonly limitOptions: readonly number[]
}

/** Seed section 3 "Category page data": what the page gives the list widget to start with. */
export interface CategoryPageData {
  readonly id: number
  /** A number, or 'from-to'. */
  readonly page: string
  readonly sort: ProductSort | ''
  readonly url: string
}
