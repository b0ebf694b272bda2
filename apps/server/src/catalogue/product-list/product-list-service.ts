import { and, eq, inArray } from 'drizzle-orm'
import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import { decodeFilterParams, SEARCH_IN_PARAM } from '@optika/domain/catalogue/filter-codec'
import {
  FilterDefinitionDataSchema,
  PAGE_SIZE_OPTIONS,
  PRODUCT_SORTS,
  PriceListDataSchema,
  type FilterDefinitionData,
  type FilterRow,
  type PriceListData,
  type ProductSort,
} from '@optika/domain/catalogue/product-data'
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  MAX_PAGE,
  MAX_PAGE_SPAN,
  paginate,
  parsePageParam,
  PRODUCTS_QUERY_RESERVED,
  sortOptionsFor,
  type OtherCategoryGroup,
  type PageSpan,
  type ProductsResponse,
} from '@optika/domain/catalogue/product-list-api'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { categoryUrl } from '../reads/catalogue-urls.ts'
import {
  loadPublishedCategories,
  type CategoryRecord,
  type PublishedCategories,
  type PublishedCategoriesSource,
} from '../reads/published-categories.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { ProductIndexQuery } from '../product-index/query-product-index.ts'
import type { ProductSearch, ProductSearchView } from '../product-search/product-search.ts'
import {
  activeSelection,
  buildFilterViews,
  fullRangeOf,
  knownKeysOf,
  loadColorLabels,
  type ColorLabel,
  toIndexFilter,
  type RequestedFilter,
} from './list-filters.ts'
import { addFittingSizes, FIT_PROBES, listFitOf, readFitParam } from './list-fit.ts'
import { pricingFor } from './list-prices.ts'
import { inOrder, loadListProducts } from './load-list-products.ts'

export interface ProductListInput {
  readonly locale: Locale
  readonly viewer: Viewer
  /** The request's query string: cid, p, sort, limit, searchin and one parameter per filter. */
  readonly params: URLSearchParams
  /**
   * How `p=from-to` reads (docs/decisions/016-product-list-query.md):
   * - 'last' (GET /api/products, default): the products of page `to` only, for the list to
   *   append; unknown parameters and price sorts without a user are refused (400);
   * - 'span' (the category page): the products of pages `from`..`to`, so a reloaded or shared
   *   link shows the same list; unknown parameters (utm_*, …) are ignored and a price sort
   *   without a user falls back to the default sort.
   */
  readonly pages?: 'last' | 'span'
}

/** `GET /api/products` and the category page's first render: one answer for both. */
export interface ProductListService {
  /** Throws AppError 400/404 (translated) for bad input; never a 500 for any query string. */
  list(input: ProductListInput): Promise<ProductsResponse>
  /** `list`, serialized as JSON (what the API sends). */
  listJson(input: ProductListInput): Promise<string>
  /** `list` and its JSON, for a page that renders the list and sends it to the browser. */
  answer(input: ProductListInput): Promise<{ response: ProductsResponse; json: string }>
}

export interface ProductListDeps {
  readonly db: Db
  readonly translator: Translator
  readonly search: ProductSearch
  /** The published categories (kept while unchanged in the app; read each time by default). */
  readonly categories?: PublishedCategoriesSource
}

/** Answers kept per process (least recently used go first). */
const ANSWER_CACHE_SIZE = 1000
/** Keys of answers asked for once, remembered to keep the answer at the second request. */
const ASKED_ONCE_SIZE = 10_000

interface CachedAnswer {
  readonly revision: string
  readonly response: ProductsResponse
  json?: string
}

function jsonOf(answer: CachedAnswer): string {
  answer.json ??= JSON.stringify(answer.response)
  return answer.json
}

/**
 * What an answer depends on besides the catalogue: the language and its texts, the page mode,
 * the viewer's price context (never the viewer's identity), and the query in a canonical order.
 */
function answerKey(input: ProductListInput, etag: string): string {
  const { viewer } = input
  const pricing = isSignedIn(viewer)
    ? [viewer.kind, viewer.partnerStatus, viewer.priceListId, viewer.country]
    : null
  const params = [...input.params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify([input.locale, etag, input.pages ?? 'last', pricing, params])
}

/** 'Found in other categories': how many groups, and products per group. */
const OTHER_CATEGORIES = { perCategory: 4, maxCategories: 6 } as const
/** The most products one search call pages through (the SQL search caps its page size). */
const MAX_QUERY_PAGE_SIZE = 500
const CATEGORY_ID = /^[1-9]\d{0,14}$/

/**
 * The whole catalogue (no `cid`) has no filter definition; it offers the one filter that means
 * the same everywhere: the text search (names, codes, models, brands), over every visible
 * category. Category filters (brand, colour, sizes…) need a category.
 */
export const CATALOGUE_FILTERS: readonly FilterRow[] = [
  {
    name: 'model',
    titleKey: 'filter.modelSearch',
    type: 'text',
    column: 'model',
    searchType: 'all',
  },
]

function badRequest(code: string, key: string, params: Record<string, string | number> = {}) {
  return new AppError(400, code, key, params)
}

/** A category the visitor may see, by id (unpublished or under an unpublished one: 404). */
function visibleCategory(
  categories: PublishedCategories,
  raw: string | null,
): CategoryRecord | null {
  if (raw === null) return null
  if (!CATEGORY_ID.test(raw)) throw badRequest('INVALID_CATEGORY', 'productList.invalidCategory')
  const category = categories.byId.get(Number(raw))
  if (!category) throw new AppError(404, 'CATEGORY_NOT_FOUND', 'productList.categoryNotFound')
  return category
}

/**
 * Values read once per search revision and forgotten when it moves: the revision changes with
 * every product, category, filter definition, brand and price list (`ProductSearchView`), so a
 * value read under it is what reading it again would give. A failed read is not kept.
 */
function keptPerRevision<T>(size: number) {
  let revision: string | null = null
  const values = new Map<string, Promise<T>>()
  return (at: string, key: string, read: () => Promise<T>): Promise<T> => {
    if (at !== revision) {
      values.clear()
      revision = at
    }
    let value = values.get(key)
    if (!value) {
      if (values.size >= size) values.clear()
      const reading = read()
      reading.catch(() => {
        if (values.get(key) === reading) values.delete(key)
      })
      values.set(key, reading)
      value = reading
    }
    return value
  }
}

/** The filter definition and the viewer's price list, by primary key in one query. */
async function loadSettings(
  db: Db,
  definitionId: number | undefined,
  priceListId: number | null,
): Promise<{
  definition: FilterDefinitionData | null
  priceList: { id: number; data: PriceListData } | null
}> {
  const ids = [definitionId, priceListId].filter((id): id is number => typeof id === 'number')
  if (ids.length === 0) return { definition: null, priceList: null }
  const rows = await db
    .select({
      id: objects.id,
      classId: objects.classId,
      published: objects.published,
      data: objects.data,
    })
    .from(objects)
    .where(and(inArray(objects.id, ids), eq(objects.type, 'object')))
  let definition: FilterDefinitionData | null = null
  let priceList: { id: number; data: PriceListData } | null = null
  for (const row of rows) {
    if (row.id === definitionId && row.classId === 'FilterDefinition') {
      // A definition the back office saved half-filled lists without filters rather than fail.
      const parsed = FilterDefinitionDataSchema.safeParse(row.data)
      if (parsed.success) definition = parsed.data
    }
    if (row.id === priceListId && row.classId === 'PriceList' && row.published) {
      const parsed = PriceListDataSchema.safeParse(row.data)
      if (parsed.success) priceList = { id: row.id, data: parsed.data }
    }
  }
  return { definition, priceList }
}

function readSort(
  raw: string | null,
  fallback: ProductSort,
  signedIn: boolean,
  lenient: boolean,
): ProductSort {
  if (raw === null || raw === '') return fallback
  const sort = PRODUCT_SORTS.find((s) => s === raw)
  const options = sortOptionsFor(signedIn)
  if (!sort) {
    if (lenient) return fallback
    throw badRequest('INVALID_SORT', 'productList.invalidSort', {
      value: raw.slice(0, 40),
      options: options.join(', '),
    })
  }
  if (!options.includes(sort)) {
    if (lenient) return fallback
    throw new AppError(400, 'PRICE_SORT_NEEDS_LOGIN', 'productList.priceSortNeedsLogin')
  }
  return sort
}

/** `limit`: one of the definition's page sizes; by default 24 when offered, else the first. */
function readLimit(raw: string | null, options: readonly number[], lenient: boolean): number {
  const fallback = options.includes(DEFAULT_PAGE_SIZE)
    ? DEFAULT_PAGE_SIZE
    : (options[0] ?? DEFAULT_PAGE_SIZE)
  if (raw === null || raw === '') return fallback
  const asked = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN
  if (options.includes(asked)) return asked
  if (lenient) return fallback
  throw badRequest('INVALID_LIMIT', 'productList.invalidLimit', { options: options.join(', ') })
}

/** The API refuses a parameter that is neither reserved nor one of the category's filters. */
function refuseUnknownParameters(params: URLSearchParams, rows: readonly FilterRow[]): void {
  const known = new Set<string>([...PRODUCTS_QUERY_RESERVED, ...rows.map((row) => row.name)])
  for (const name of params.keys()) {
    if (!known.has(name)) {
      throw badRequest('UNKNOWN_PARAMETER', 'productList.unknownParameter', {
        name: name.slice(0, 60),
      })
    }
  }
}

/**
 * The pages to fetch for `span` as (page, pageSize) calls of the search: one call when the
 * span lines up with a page size the search accepts (always for `1-n` of ordinary sizes).
 */
function spanCalls(span: PageSpan, limit: number): { page: number; pageSize: number }[] {
  const count = span.to - span.from + 1
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
  const common = gcd(span.from - 1, count)
  let pagesPerCall = 1
  for (let k = Math.min(common, Math.floor(MAX_QUERY_PAGE_SIZE / limit)); k > 1; k -= 1) {
    if (common % k === 0) {
      pagesPerCall = k
      break
    }
  }
  const calls: { page: number; pageSize: number }[] = []
  for (let first = span.from; first <= span.to; first += pagesPerCall) {
    calls.push({ page: (first - 1) / pagesPerCall + 1, pageSize: limit * pagesPerCall })
  }
  return calls
}

const withFit = (fit: ProductsResponse['fit']) => (fit ? { fit } : {})

/** Implements the product list over the injected search (docs/decisions/016-product-list-query.md). */
export function createProductListService(deps: ProductListDeps): ProductListService {
  const { db, translator, search } = deps
  const publishedCategories =
    deps.categories ?? ((locale: Locale) => loadPublishedCategories(db, locale))

  const keptSettings = keptPerRevision<Awaited<ReturnType<typeof loadSettings>>>(1_000)
  const keptColors = keptPerRevision<Map<string, ColorLabel>>(1_000)

  async function list(input: ProductListInput, view: ProductSearchView): Promise<ProductsResponse> {
    const { locale, viewer, params } = input
    const spanMode = input.pages === 'span'
    const signedIn = isSignedIn(viewer)

    const span = parsePageParam(params.get('p'))
    if (!span) {
      throw badRequest('INVALID_PAGE', 'productList.invalidPage', {
        max: MAX_PAGE,
        span: MAX_PAGE_SPAN,
      })
    }
    const searchInRaw = params.get(SEARCH_IN_PARAM)
    if (searchInRaw !== null && searchInRaw !== 'all' && searchInRaw !== 'category') {
      throw badRequest('INVALID_SEARCH_IN', 'productList.invalidSearchIn')
    }
    const searchIn = searchInRaw ?? undefined

    // Read per request: small, by primary key, and fresh the moment the back office saves.
    const categories = await publishedCategories(locale)
    const category = visibleCategory(categories, params.get('cid'))
    const definitionId = category?.data.filterDefinitionId
    const { definition, priceList } = await keptSettings(
      view.revision,
      `${definitionId}:${viewer.priceListId}`,
      () => loadSettings(db, definitionId, viewer.priceListId),
    )
    const rows = category ? (definition?.filters ?? []) : CATALOGUE_FILTERS

    const limitOptions = (definition?.pageSizeOptions ?? PAGE_SIZE_OPTIONS)
      .map(Number)
      .filter((n, i, all) => n > 0 && all.indexOf(n) === i)
    const limit = readLimit(params.get('limit'), limitOptions, spanMode)

    const configuredSort = definition?.defaultSort ?? DEFAULT_SORT
    const fallbackSort = sortOptionsFor(signedIn).includes(configuredSort)
      ? configuredSort
      : DEFAULT_SORT
    const sort = readSort(params.get('sort'), fallbackSort, signedIn, spanMode)

    if (!spanMode) refuseUnknownParameters(params, rows)
    const decoded = decodeFilterParams(
      rows.map((row) => ({ name: row.name, type: row.type })),
      params,
    )
    const rangeError = decoded.errors.find((error) => error.reason === 'range')
    if (rangeError) {
      throw badRequest('INVALID_FILTER', 'productList.invalidRange', { name: rangeError.name })
    }
    // "Fits like my glasses" (decision 025): without a chosen sort, closest first.
    const fitSize = readFitParam(params)
    const fit = fitSize ? { size: fitSize, rank: !params.get('sort') } : undefined

    const pricing = pricingFor(viewer, locale, priceList)
    const scope = category
      ? category.data.showSubcategoryProducts === false
        ? [category.id]
        : categories.subtreeIds(category.id)
      : [...categories.byId.keys()]
    const inScope = new Set(scope)
    const base: ProductIndexQuery = {
      locale,
      filedInAnyOf: scope,
      sort,
      ...(pricing ? { currency: pricing.currency, priceList: pricing.priceList } : {}),
    }

    const calls = spanMode ? spanCalls(span, limit) : [{ page: span.to, pageSize: limit }]
    const [firstCall = { page: 1, pageSize: limit }] = calls
    // The category's values without any filter: the panel lists them even at zero. Without an
    // active filter this is also the first page of the answer.
    const plainFilters: RequestedFilter[] = rows.map((row) => ({ row, selection: undefined }))
    const universe = await view.query({
      ...base,
      filters: [...plainFilters.map(toIndexFilter), ...FIT_PROBES],
      ...firstCall,
    })

    const requested: RequestedFilter[] = rows.map((row) => {
      const range = row.type === 'range' ? fullRangeOf(row, universe.facets[row.name]) : undefined
      const known =
        row.type === 'multiselect' || row.type === 'color'
          ? Object.keys(universe.facets[row.name]?.counts ?? {})
          : undefined
      const selection = activeSelection(row, decoded.state[row.name], known, range)
      return { row, selection, ...(range ? { range } : {}) }
    })
    const activeText = requested.find((f) => f.selection?.type === 'text')
    const shopWide = activeText !== undefined && searchIn === 'all'
    const query: ProductIndexQuery = {
      ...base,
      ...(shopWide ? { filedInAnyOf: [...categories.byId.keys()] } : {}),
      filters: requested.map(toIndexFilter),
      fit,
    }
    const anyActive = fit !== undefined || requested.some((f) => f.selection !== undefined)

    const results = []
    for (const [index, call] of calls.entries()) {
      results.push(index === 0 && !anyActive ? universe : await view.query({ ...query, ...call }))
    }
    const first = results[0] ?? universe
    const total = first.total
    const facets = first.facets
    const pageIds = results.flatMap((result) => result.ids)

    const groups =
      activeText && !shopWide && category
        ? (await view.otherCategories({ ...query, page: 1, pageSize: limit }, OTHER_CATEGORIES))
            .filter((group) => group.ids.length > 0 && categories.byId.has(group.categoryId))
            .filter((group) => !inScope.has(group.categoryId))
        : []

    const products = await loadListProducts(
      db,
      locale,
      [...pageIds, ...groups.flatMap((group) => group.ids)],
      pricing,
    )
    if (fit) await addFittingSizes(db, products)
    const otherCategories: OtherCategoryGroup[] = groups.flatMap((group) => {
      const other = categories.byId.get(group.categoryId)
      const listed = inOrder(products, group.ids)
      if (!other || listed.length === 0) return []
      return [
        {
          id: other.id,
          name: localize(other.data.name, locale),
          url: categoryUrl(locale, other.id, other.data.slug),
          products: listed,
        },
      ]
    })

    const colorKeys = requested
      .filter((f) => f.row.type === 'color')
      .flatMap((f) => knownKeysOf(f.row.name, universe.facets ?? {}, facets))
    const colorKeyList = [...new Set(colorKeys)]
    const colors = await keptColors(view.revision, `${locale}:${colorKeyList.join('\u0000')}`, () =>
      loadColorLabels(db, locale, colorKeyList),
    )
    const { filters, activeFilters } = buildFilterViews({
      locale,
      translator,
      filters: requested,
      universe: universe.facets ?? {},
      facets,
      colors,
      searchIn,
    })

    return {
      products: inOrder(products, pageIds),
      pagination: paginate(span.to, total, limit),
      otherCategories,
      filters,
      activeFilters,
      sort,
      sortOptions: sortOptionsFor(signedIn),
      limit,
      limitOptions,
      ...withFit(listFitOf(universe.facets, fitSize, fit?.rank ?? false)),
    }
  }

  /**
   * Answers are kept while the search's revision stays the same: the revision is read after
   * every change committed before the request is applied (product rows, and through migration
   * 0007's trigger categories, filter definitions, brands, price lists, folders), so a kept
   * answer is exactly what computing it again would give. Errors are never kept.
   *
   * An answer is kept from its second request on (`askedOnce` holds the keys asked once): most
   * filter combinations are asked for once, and keeping each of them (about 50 KB) filled the
   * kept answers with lists nobody asks for again (decision 075).
   */
  const answers = new Map<string, CachedAnswer>()
  const askedOnce = new Set<string>()

  async function cachedAnswer(input: ProductListInput): Promise<CachedAnswer> {
    const key = answerKey(input, translator.dictionary(input.locale).etag)
    const view = await search.current()
    const { revision } = view
    const kept = answers.get(key)
    answers.delete(key)
    if (kept?.revision === revision) {
      answers.set(key, kept)
      return kept
    }
    const answer: CachedAnswer = { revision, response: await list(input, view) }
    if (kept || askedOnce.delete(key)) {
      if (answers.size >= ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!)
      answers.set(key, answer)
    } else {
      if (askedOnce.size >= ASKED_ONCE_SIZE) askedOnce.clear()
      askedOnce.add(key)
    }
    return answer
  }

  return {
    list: async (input) => (await cachedAnswer(input)).response,
    listJson: async (input) => jsonOf(await cachedAnswer(input)),
    answer: async (input) => {
      const answer = await cachedAnswer(input)
      return { response: answer.response, json: jsonOf(answer) }
    },
  }
}
