import { z } from 'zod'
import type { Currency } from '../commerce/currencies.ts'
import type { FrameSize, FrameSizeField } from './frame-fit.ts'
import { PRODUCT_SORTS, type FilterType, type ProductSort } from './product-data.ts'
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
 * - `searchin=all` when the model filter's searchType is 'all';
 * - `fit=52_18_140` — only frames that fit like a pair of these sizes (`frame-fit.ts`).
 */
export const PRODUCTS_QUERY_RESERVED = [
  'cid',
  'p',
  'sort',
  'limit',
  'searchin',
  'product',
  'fit',
] as const

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
  /** The frame's sizes, only while the list is filtered by `fit`: the tile's fit badge. */
  readonly fittingSize?: FrameSize
}

/** "Fits like my glasses" in a list (docs/decisions/025-frames-that-fit.md). */
export interface ListFit {
  /** The pair the list is filtered by (`fit`), null when none is chosen. */
  readonly selected: FrameSize | null
  /** The fitting frames come closest first (no sort was chosen). */
  readonly ranked: boolean
  /** The smallest and largest of each size among the list's products (for API clients). */
  readonly ranges: Readonly<Record<FrameSizeField, { readonly min: number; readonly max: number }>>
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
  /** Absent where no product of the list has all three frame sizes (no fit to offer). */
  readonly fit?: ListFit
}

/** Seed section 3 "Category page data": what the page gives the list widget to start with. */
export interface CategoryPageData {
  readonly id: number
  /** A number, or 'from-to'. */
  readonly page: string
  readonly sort: ProductSort | ''
  readonly url: string
}

/** Seed section 9: the list's default sort. A filter definition may name another. */
export const DEFAULT_SORT = 'new' satisfies ProductSort
/** Products per page when the filter definition offers it (else its first option). */
export const DEFAULT_PAGE_SIZE = 24
/** The highest page number a request may ask for (deeper paging is a crawler, not a person). */
export const MAX_PAGE = 10_000
/** The most pages one `from-to` request may span (load more appends one page at a time). */
export const MAX_PAGE_SPAN = 50
/** How many page numbers the pagination bar shows around the current page. */
export const PAGES_IN_RANGE = 5

/** The sorts a viewer may choose: price sorts only with a signed-in user (seed sections 5, 6). */
export function sortOptionsFor(signedIn: boolean): ProductSort[] {
  return signedIn ? ['new', 'name', 'price.asc', 'price.desc'] : ['new', 'name']
}

const PAGE = /^[1-9]\d{0,5}$/
const PAGE_SPAN = /^([1-9]\d{0,5})-([1-9]\d{0,5})$/

/**
 * Reads `p`: a page number (`3`) or a load-more span (`1-3`), 1 ≤ from ≤ to ≤ MAX_PAGE and at
 * most MAX_PAGE_SPAN pages. Null when malformed; an absent `p` is page 1.
 */
export function parsePageParam(raw: string | null | undefined): PageSpan | null {
  if (raw === null || raw === undefined) return { from: 1, to: 1 }
  const single = PAGE.exec(raw)
  if (single) {
    const page = Number(raw)
    return page <= MAX_PAGE ? { from: page, to: page } : null
  }
  const span = PAGE_SPAN.exec(raw)
  if (!span) return null
  const from = Number(span[1])
  const to = Number(span[2])
  if (to > MAX_PAGE || from > to || to - from + 1 > MAX_PAGE_SPAN) return null
  return { from, to }
}

/** `p` for a span: `3`, or `1-3` after load more. */
export function formatPageParam(span: PageSpan): string {
  return span.from === span.to ? String(span.to) : `${span.from}-${span.to}`
}

/**
 * Pagination for `current` (which may lie beyond the end: then `next` is null and `previous` is
 * the last page). An empty list still has one (empty) page.
 */
export function paginate(current: number, totalCount: number, pageSize: number): Pagination {
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize))
  const anchor = Math.min(current, pageCount)
  const half = Math.floor(PAGES_IN_RANGE / 2)
  const first = Math.max(1, Math.min(anchor - half, pageCount - PAGES_IN_RANGE + 1))
  const last = Math.min(pageCount, first + PAGES_IN_RANGE - 1)
  const pagesInRange: number[] = []
  for (let page = first; page <= last; page += 1) pagesInRange.push(page)
  return {
    pageCount,
    current,
    previous: current > 1 ? Math.min(current - 1, pageCount) : null,
    next: current < pageCount ? current + 1 : null,
    pagesInRange,
    totalCount,
  }
}

// ── Schemas of GET /api/products, for validation and the OpenAPI document ───────────────────

/**
 * The reserved parameters; filter parameters (one per filter name) pass through. Values stay
 * strings here: the service checks them and answers translated 400s naming the parameter.
 */
export const ProductsQuerySchema = z.looseObject({
  cid: z.string().optional().describe('Category id; without it, the whole catalogue.'),
  p: z
    .string()
    .optional()
    .describe(
      `Page number (1–${MAX_PAGE}), or \`from-to\` after load more (at most ${MAX_PAGE_SPAN} pages; the answer holds page \`to\`).`,
    ),
  sort: z
    .string()
    .optional()
    .describe(`One of ${PRODUCT_SORTS.join(', ')}; price sorts need a signed-in customer.`),
  limit: z.string().optional().describe("Products per page, one of the category's page sizes."),
  searchin: z
    .string()
    .optional()
    .describe('`all`: the active text filter searches the whole shop.'),
  product: z.string().optional().describe('Ignored by the API (the page scrolls to it).'),
  fit: z
    .string()
    .optional()
    .describe(
      '"Fits like my glasses": `lens_bridge_temple` in whole millimetres (`52_18_140`, lens 30–70, bridge 10–30, temple 100–170). Only frames within ±2 mm lens, ±2 mm bridge and ±5 mm temple; without `sort`, closest first.',
    ),
})

/** Arrays of the answer are read-only, as in `ProductsResponse`. */
const list = <T extends z.ZodType>(item: T) => z.array(item).readonly()

const ListColorSchema = z.object({
  variantId: z.number(),
  color: z.object({ css: z.string(), name: z.string() }),
  name: z.string(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  thumbnailWidth: z.number(),
  thumbnailHeight: z.number(),
})

const ListPriceSchema = z.object({
  currency: z.string(),
  final: z.number(),
  catalog: z.number(),
  action: z.number().optional(),
  discountPercent: z.number().optional(),
  withVat: z.boolean(),
})

const ListProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  type: z.string(),
  statuses: list(z.string()),
  variants: list(z.object({ id: z.number(), code: z.string() })),
  colors: list(ListColorSchema),
  price: ListPriceSchema.optional().describe('Signed-in viewers only.'),
  fittingSize: z
    .object({ lensWidth: z.number(), bridgeWidth: z.number(), templeLength: z.number() })
    .optional()
    .describe("The frame's sizes, only while the list is filtered by `fit`."),
})

const RangeSchema = z.object({ min: z.number(), max: z.number() })

/** The documented answer of GET /api/products (`ProductsResponse`). */
export const ProductsResponseSchema = z.object({
  products: list(ListProductSchema),
  pagination: z.object({
    pageCount: z.number(),
    current: z.number(),
    previous: z.number().nullable(),
    next: z.number().nullable(),
    pagesInRange: list(z.number()),
    totalCount: z.number(),
  }),
  otherCategories: list(
    z.object({
      id: z.number(),
      name: z.string(),
      url: z.string(),
      products: list(ListProductSchema),
    }),
  ),
  filters: list(
    z.object({
      name: z.string(),
      title: z.string(),
      type: z.string(),
      column: z.string(),
      values: list(
        z.object({
          key: z.string(),
          name: z.string(),
          icon: z.string().nullable(),
          color: z.string().optional(),
          count: z.number(),
        }),
      ),
      selectedValues: list(z.string()),
      value: z.string(),
      searchType: z.enum(['category', 'all']).optional(),
      range: RangeSchema.optional(),
      selectedRange: RangeSchema.nullable().optional(),
      unit: z.string().optional(),
    }),
  ),
  activeFilters: list(
    z.object({
      title: z.string(),
      column: z.string(),
      name: z.string(),
      value: z.string(),
      valueName: z.string(),
      type: z.string(),
    }),
  ),
  sort: z.enum(PRODUCT_SORTS),
  sortOptions: list(z.enum(PRODUCT_SORTS)),
  limit: z.number(),
  limitOptions: list(z.number()),
  fit: z
    .object({
      selected: z
        .object({ lensWidth: z.number(), bridgeWidth: z.number(), templeLength: z.number() })
        .nullable(),
      ranked: z.boolean(),
      ranges: z.object({
        lensWidth: RangeSchema,
        bridgeWidth: RangeSchema,
        templeLength: RangeSchema,
      }),
    })
    .optional()
    .describe('"Fits like my glasses": absent where no product has all three frame sizes.'),
})
