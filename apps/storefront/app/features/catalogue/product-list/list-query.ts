import {
  decodeFilterParams,
  encodeFilterParams,
  type FilterSpec,
  type FilterState,
} from '@optika/domain/catalogue/filter-codec'
import {
  FIT_PARAM,
  formatFitParam,
  parseFitParam,
  type FrameSize,
} from '@optika/domain/catalogue/frame-fit'
import type { ProductSort } from '@optika/domain/catalogue/product-data'
import type { PageSpan } from '@optika/domain/catalogue/product-list-api'

/**
 * The list's query: what the address bar shows and what GET /api/products is asked, built from
 * one place so the two cannot disagree (seed sections 4, 5 and 7).
 */
export interface ListQuery {
  readonly filters: FilterState
  /** One page (`from === to`), or the pages `from`..`to` a load-more sequence shows. */
  readonly page: PageSpan
  /** '' — not chosen (the server applies the default, 'new'). */
  readonly sort: ProductSort | ''
  /** null — not chosen (the filter definition's default). */
  readonly limit: number | null
  /** "Fits like my glasses" (`fit`, decision 025); absent or null — not chosen. */
  readonly fit?: FrameSize | null
}

export const FIRST_PAGE: PageSpan = { from: 1, to: 1 }

// Values, not imports: the domain modules that hold them also hold zod schemas, which would ride
// along into the page's JavaScript.
const SORTS: readonly ProductSort[] = ['new', 'name', 'price.asc', 'price.desc']
/** GET /api/products's MAX_PAGE and MAX_PAGE_SPAN. */
const MAX_PAGE = 10_000
const MAX_PAGE_SPAN = 50
const PAGE = /^([1-9]\d{0,5})(?:-([1-9]\d{0,5}))?$/

/** Reads `p`: `3` or `2-4` (within the API's bounds); anything else is the first page. */
export function parsePage(raw: string | null): PageSpan {
  const match = PAGE.exec(raw ?? '')
  if (!match) return FIRST_PAGE
  const from = Number(match[1])
  const to = match[2] === undefined ? from : Number(match[2])
  return to <= MAX_PAGE && from <= to && to - from < MAX_PAGE_SPAN ? { from, to } : FIRST_PAGE
}

/** Writes `p`: `3`, or `2-4` for a span. */
export function formatPage(page: PageSpan): string {
  return page.from === page.to ? String(page.from) : `${page.from}-${page.to}`
}

export function isProductSort(value: string | null): value is ProductSort {
  return (SORTS as readonly (string | null)[]).includes(value)
}

/** The list query an address's search string describes, read against the filters it knows. */
export function readListQuery(specs: readonly FilterSpec[], search: URLSearchParams): ListQuery {
  const sort = search.get('sort')
  const limit = Number(search.get('limit'))
  return {
    filters: decodeFilterParams(specs, search).state,
    page: parsePage(search.get('p')),
    sort: isProductSort(sort) ? sort : '',
    limit: Number.isInteger(limit) && limit > 0 ? limit : null,
    fit: parseFitParam(search.get(FIT_PARAM)),
  }
}

/**
 * The address bar's query for a list: the active filters (in the panel's order), then the page
 * (left out on page 1), the sort and the page size when chosen.
 */
export function addressParams(specs: readonly FilterSpec[], query: ListQuery): URLSearchParams {
  const params = new URLSearchParams(encodeFilterParams(specs, query.filters))
  if (query.page.to > 1) params.set('p', formatPage(query.page))
  if (query.sort !== '') params.set('sort', query.sort)
  if (query.limit !== null) params.set('limit', String(query.limit))
  if (query.fit) params.set(FIT_PARAM, formatFitParam(query.fit))
  return params
}

/** GET /api/products's query for one request: `cid` first, `p` as given (a page or `from-next`). */
export function apiParams(
  categoryId: number,
  specs: readonly FilterSpec[],
  query: ListQuery,
  page: string,
): URLSearchParams {
  const params = new URLSearchParams([
    ['cid', String(categoryId)],
    ['p', page],
  ])
  if (query.sort !== '') params.set('sort', query.sort)
  if (query.limit !== null) params.set('limit', String(query.limit))
  for (const [name, value] of encodeFilterParams(specs, query.filters)) params.append(name, value)
  if (query.fit) params.set(FIT_PARAM, formatFitParam(query.fit))
  return params
}

/** The query a product link carries: the category id and the active filters (seed section 2). */
export function productLinkParams(
  categoryId: number,
  specs: readonly FilterSpec[],
  filters: FilterState,
): URLSearchParams {
  return new URLSearchParams([['cid', String(categoryId)], ...encodeFilterParams(specs, filters)])
}

/**
 * Seed section 4: a sort reloads unless it is the current one, or the default with none set.
 * The current sort is the one the list is in: the chosen one, else the sort the last answer says
 * it applied (a category's explicit default), else the seed's default 'new' (decision 023).
 */
export function sortChanges(
  current: ProductSort | '',
  chosen: ProductSort,
  applied: ProductSort | undefined,
): boolean {
  const effective = current === '' ? (applied ?? 'new') : current
  return chosen !== effective
}
