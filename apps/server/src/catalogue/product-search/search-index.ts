import { fitDistance, type FrameSize } from '@optika/domain/catalogue/frame-fit'
import type { ProductSort } from '@optika/domain/catalogue/product-data'
import { BASE_PRICE_LIST, foldText } from '../product-index/build-index-rows.ts'
import {
  fitFilters,
  type ProductIndexFacet,
  type ProductIndexFilter,
  type ProductIndexQuery,
  type ProductIndexResult,
} from '../product-index/query-product-index.ts'
import {
  and,
  andInto,
  andNot,
  andNotInto,
  clearBit,
  forEachSlot,
  hasBit,
  intersects,
  intersectsAt,
  nonZeroWords,
  orInto,
  popcount,
  popcountAnd,
  popcountAndAt,
  resized,
  setBit,
  type Bitset,
} from './bitset.ts'
import { TextColumn, type TextColumnState } from './text-column.ts'
import { TextIndex, type TextIndexState } from './text-index.ts'

/** The columns of one `product_index` row the engine answers from. */
export interface IndexedProduct {
  readonly productId: number
  readonly categoryIds: readonly number[]
  readonly directCategoryIds: readonly number[]
  readonly name: Readonly<Record<string, string>>
  readonly searchText: string
  readonly prices: unknown
  readonly facets: Readonly<Record<string, readonly string[]>>
  readonly numbers: Readonly<Record<string, number>>
  readonly releasedAt: string | null
}

/** A `SearchIndex`'s contents as plain data and typed arrays (`SearchIndex.state`). */
export interface SearchIndexState {
  readonly capacity: number
  readonly nextSlot: number
  readonly free: readonly number[]
  readonly ids: Float64Array
  readonly alive: Uint32Array
  readonly released: Float64Array
  readonly firstDirect: Float64Array
  readonly texts: TextIndexState
  readonly names: readonly (readonly [string, TextColumnState])[]
  readonly numberColumns: readonly (readonly [string, Float64Array])[]
  readonly numberValues: readonly (readonly [string, (readonly [number, Uint32Array])[] | null])[]
  readonly priceColumns: readonly (readonly [string, Float64Array])[]
  readonly categoryBits: readonly (readonly [number, Uint32Array])[]
  readonly directBits: readonly (readonly [number, Uint32Array])[]
  readonly values: readonly (readonly [string, (readonly [string, number])[]])[]
  readonly valueBits: readonly Uint32Array[]
  readonly orders: readonly (readonly [string, Uint32Array])[]
}

/** Which products a list starts from, resolved from the query (the category's flag read). */
export type SearchScope =
  | { readonly kind: 'shop' }
  | { readonly kind: 'filed'; readonly categoryIds: readonly number[] }
  | { readonly kind: 'category'; readonly categoryId: number; readonly subcategories: boolean }

export interface OtherCategoryGroup {
  readonly categoryId: number
  readonly ids: number[]
  readonly total: number
}

/** The same test as `queryProductIndex`: a filter constrains only when something is chosen. */
export function isActive(filter: ProductIndexFilter): boolean {
  switch (filter.type) {
    case 'multiselect':
    case 'color':
      return (filter.values?.length ?? 0) > 0
    case 'text':
      return (filter.text?.trim() ?? '') !== ''
    case 'range':
      return filter.min !== undefined || filter.max !== undefined
  }
}

export function isShopWide(active: readonly ProductIndexFilter[]): boolean {
  return active.some((f) => f.type === 'text' && f.searchType === 'all')
}

interface SortOrder {
  /** Live slots in the sort's order. */
  order: Uint32Array
  /** slot → position in `order`, built when a small result is sorted by it. */
  rank: Uint32Array | null
  readonly compare: (a: number, b: number) => number
}

const TEXT_CACHE_SIZE = 64
const MAX_NUMBER_VALUES = 512
/** Unions of listed categories kept per index version (a list's scope: its category's subtree). */
const SCOPE_CACHE_SIZE = 64
const NOT_A_NUMBER = Number.NaN

/**
 * The product index in memory: a dense slot per product, a bitset per category (with and
 * without descendants) and per facet value, a Float64Array per number and price column, and
 * sort permutations built on first use and kept up to date on every change. Facet counts are
 * popcounts of (matches under the other filters ∧ value's bitset).
 */
export class SearchIndex {
  private capacity = 0
  private words = 0
  private nextSlot = 0
  private readonly free: number[] = []
  private readonly slotOf = new Map<number, number>()
  private ids: Float64Array = new Float64Array(0)
  private alive: Bitset = new Uint32Array(0)
  private released: Float64Array = new Float64Array(0)
  private firstDirect: Float64Array = new Float64Array(0)
  /** Per slot the search text, and a trigram index over them. */
  private texts = new TextIndex()
  /** Per language, each slot's name (the name sort's key), as UTF-8 (`TextColumn`). */
  private readonly names = new Map<string, TextColumn>()
  private readonly numberColumns = new Map<string, Float64Array>()
  /**
   * Per number column a bitset per distinct value (sizes in mm have a few dozen), so a range is
   * an OR of bitsets and its bounds the first/last value meeting the others; `null` once a
   * column has too many distinct values (then ranges scan the column).
   */
  private readonly numberValues = new Map<string, Map<number, Bitset> | null>()
  private readonly priceColumns = new Map<string, Float64Array>()
  private readonly categoryBits = new Map<number, Bitset>()
  private readonly directBits = new Map<number, Bitset>()
  private readonly valueIndex = new Map<string, Map<string, number>>()
  private valueBits: Bitset[] = []
  private readonly textBits = new Map<string, Bitset>()
  private readonly orders = new Map<string, SortOrder>()
  /** Slots changed since the sort orders were last brought up to date. */
  private readonly dirty = new Set<number>()
  /** Grows on every change; callers key caches by it. */
  version = 0
  /**
   * Kept for the current `version`: the union of each set of categories listed (`filed`), and
   * per scope set what was worked out for it (`present`: each column's values with products in
   * it, a range column's union of them), so a request over a scope seen before neither unions
   * its categories again nor visits values it cannot have.
   */
  private scopes = this.emptyScopes(-1)

  private readonly maxNumberValues: number

  /** `maxNumberValues`: distinct values per number column kept as bitsets (beyond: scans). */
  constructor(expected = 1024, options: { readonly maxNumberValues?: number } = {}) {
    this.maxNumberValues = options.maxNumberValues ?? MAX_NUMBER_VALUES
    this.grow(Math.max(1024, expected))
  }

  get size(): number {
    return this.slotOf.size
  }

  has(productId: number): boolean {
    return this.slotOf.has(productId)
  }

  upsert(row: IndexedProduct): void {
    let slot = this.slotOf.get(row.productId)
    if (slot === undefined) {
      slot = this.allocate()
      this.slotOf.set(row.productId, slot)
    } else {
      this.clearSlot(slot)
    }
    this.ids[slot] = row.productId
    setBit(this.alive, slot)
    for (const id of row.categoryIds) setBit(this.bitsOf(this.categoryBits, id), slot)
    for (const id of row.directCategoryIds) setBit(this.bitsOf(this.directBits, id), slot)
    this.firstDirect[slot] = row.directCategoryIds[0] ?? NOT_A_NUMBER

    for (const [column, keys] of Object.entries(row.facets)) {
      if (!Array.isArray(keys)) continue
      for (const key of keys) setBit(this.valueBits[this.valueOf(column, String(key))]!, slot)
    }

    for (const [column, value] of Object.entries(row.numbers)) {
      if (typeof value !== 'number') continue
      this.columnOf(this.numberColumns, column)[slot] = value
      const bits = this.numberValueBits(column, value)
      if (bits) setBit(bits, slot)
    }
    if (row.prices && typeof row.prices === 'object') {
      for (const [list, byCurrency] of Object.entries(row.prices as Record<string, unknown>)) {
        if (!byCurrency || typeof byCurrency !== 'object') continue
        for (const [currency, price] of Object.entries(byCurrency as Record<string, unknown>)) {
          const final = (price as { final?: unknown } | null)?.final
          if (typeof final === 'number') {
            this.columnOf(this.priceColumns, priceKey(list, currency))[slot] = final
          }
        }
      }
    }
    this.released[slot] = row.releasedAt ? Date.parse(row.releasedAt) : NOT_A_NUMBER
    this.texts.set(slot, row.searchText)
    for (const [locale, column] of this.names) {
      if (typeof row.name[locale] !== 'string') column.clear(slot)
    }
    for (const [locale, name] of Object.entries(row.name)) {
      if (typeof name === 'string') this.nameColumn(locale).set(slot, name)
    }
    for (const [needle, bits] of this.textBits) {
      if (row.searchText.includes(needle)) setBit(bits, slot)
    }
    this.touch(slot)
  }

  remove(productId: number): void {
    const slot = this.slotOf.get(productId)
    if (slot === undefined) return
    this.clearSlot(slot)
    clearBit(this.alive, slot)
    this.slotOf.delete(productId)
    this.ids[slot] = NOT_A_NUMBER
    this.texts.set(slot, '')
    for (const column of this.names.values()) column.clear(slot)
    this.free.push(slot)
    this.touch(slot)
  }

  /**
   * Everything the index holds but its caches, sort orders brought up to date: a snapshot's
   * contents (`restore` reads it back). The arrays are the index's own, so it is taken and
   * encoded before anything changes the index.
   */
  state(): SearchIndexState {
    this.settle()
    return {
      capacity: this.capacity,
      nextSlot: this.nextSlot,
      free: [...this.free],
      ids: this.ids,
      alive: this.alive,
      released: this.released,
      firstDirect: this.firstDirect,
      texts: this.texts.state(),
      names: [...this.names].map(([locale, column]) => [locale, column.state()]),
      numberColumns: [...this.numberColumns],
      numberValues: [...this.numberValues].map(([column, byValue]) => [
        column,
        byValue && [...byValue],
      ]),
      priceColumns: [...this.priceColumns],
      categoryBits: [...this.categoryBits],
      directBits: [...this.directBits],
      values: [...this.valueIndex].map(([column, keys]) => [column, [...keys]]),
      valueBits: this.valueBits,
      orders: [...this.orders].map(([key, sort]) => [key, sort.order]),
    }
  }

  /** The index `state` described; throws on a state whose parts do not fit together. */
  static restore(
    state: SearchIndexState,
    options: { readonly maxNumberValues?: number } = {},
  ): SearchIndex {
    const index = new SearchIndex(0, options)
    const { capacity, nextSlot } = state
    const words = capacity / 32
    const slots = <T extends ArrayLike<number>>(array: T) => {
      if (array.length !== capacity) throw new Error('an index column of another size')
      return array
    }
    const bitset = (bits: Bitset) => {
      if (bits.length !== words) throw new Error('an index set of another size')
      return bits
    }
    if (!Number.isInteger(words) || !(nextSlot >= 0 && nextSlot <= capacity)) {
      throw new Error('an index of impossible size')
    }
    index.capacity = capacity
    index.words = words
    index.nextSlot = nextSlot
    index.ids = slots(state.ids)
    index.alive = bitset(state.alive)
    index.released = slots(state.released)
    index.firstDirect = slots(state.firstDirect)
    forEachSlot(index.alive, (slot) => {
      if (slot >= nextSlot) throw new Error('a live slot beyond the last')
      index.slotOf.set(index.ids[slot]!, slot)
    })
    if (index.slotOf.size !== popcount(index.alive)) throw new Error('a product in two slots')
    for (const slot of state.free) {
      if (!(slot < nextSlot) || hasBit(index.alive, slot)) throw new Error('a free slot in use')
      index.free.push(slot)
    }
    index.texts = TextIndex.restore(state.texts)
    for (const [locale, column] of state.names) {
      index.names.set(locale, TextColumn.restore(column, capacity))
    }
    for (const [column, values] of state.numberColumns) {
      index.numberColumns.set(column, slots(values))
    }
    for (const [column, byValue] of state.numberValues) {
      index.numberValues.set(
        column,
        byValue && new Map(byValue.map(([value, bits]) => [value, bitset(bits)])),
      )
    }
    for (const [key, prices] of state.priceColumns) {
      index.priceColumns.set(key, slots(prices))
    }
    for (const [id, bits] of state.categoryBits) index.categoryBits.set(id, bitset(bits))
    for (const [id, bits] of state.directBits) index.directBits.set(id, bitset(bits))
    index.valueBits = state.valueBits.map(bitset)
    for (const [column, keys] of state.values) {
      for (const [, value] of keys) {
        if (!index.valueBits[value]) throw new Error('a facet value without its set')
      }
      index.valueIndex.set(column, new Map(keys))
    }
    for (const [key, order] of state.orders) {
      for (const slot of order) {
        if (!hasBit(index.alive, slot)) throw new Error('a sort order with a free slot')
      }
      if (order.length !== index.slotOf.size) throw new Error('a sort order of another size')
      const [sort, ...rest] = key.split('\u0000') as [ProductSort, ...string[]]
      const compare =
        sort === 'name'
          ? index.comparator(sort, rest[0] ?? '', '')
          : index.comparator(sort, '', priceKey(rest[0] ?? '', rest[1] ?? ''))
      index.orders.set(key, { order, rank: null, compare })
    }
    return index
  }

  /**
   * Builds up to `count` more products' entries of the text filter's index; true once it is
   * complete (until then the first text search completes it).
   */
  prepareTextSearch(count: number): boolean {
    return this.texts.buildSome(count)
  }

  get textSearchPrepared(): boolean {
    return this.texts.built
  }

  /** The list: filtered, sorted, paged ids, the total and the facets, as `queryProductIndex`. */
  search(query: ProductIndexQuery, scope: SearchScope): ProductIndexResult {
    this.settle()
    const filters = query.filters ?? []
    const active = filters.filter(isActive)
    const base = isShopWide(active) ? this.alive : this.scopeBits(scope)
    const conditions = [...this.fitConditions(query), ...active].map((filter) => ({
      name: filter.name,
      bits: this.conditionWithin(filter, base),
    }))
    const matches = intersect(
      base,
      conditions.map((c) => c.bits),
    )
    const total = popcount(matches)
    const pageSize = Math.max(1, Math.min(query.pageSize ?? 24, 500))
    const page = Math.max(1, query.page ?? 1)
    const ids = this.page(matches, total, query, (page - 1) * pageSize, pageSize)

    const facets: Record<string, ProductIndexFacet> = {}
    const without = matchesWithout(base, conditions)
    for (const filter of filters) {
      if (filter.type === 'text') continue
      const others = without.get(filter.name) ?? matches
      facets[filter.name] =
        filter.type === 'range'
          ? this.bounds(filter.column, others, base)
          : { counts: this.counts(filter.column, others, base) }
    }
    return { ids, total, facets }
  }

  /**
   * Products matching the query's filters outside `scope`, grouped by their first direct
   * category, largest groups first, ids in the query's order.
   */
  otherCategories(
    query: ProductIndexQuery,
    scope: SearchScope,
    limits: { readonly perCategory: number; readonly maxCategories: number },
  ): OtherCategoryGroup[] {
    if (scope.kind === 'shop' || limits.maxCategories <= 0) return []
    this.settle()
    const active = [...this.fitConditions(query), ...(query.filters ?? []).filter(isActive)]
    const matches = intersect(
      this.alive,
      active.map((filter) => this.conditionWithin(filter, this.alive)),
    )
    const outside = andNot(matches, this.scopeBits(scope))
    const groups = new Map<number, number[]>()
    forEachSlot(outside, (slot) => {
      const categoryId = this.firstDirect[slot]!
      if (Number.isNaN(categoryId)) return
      const slots = groups.get(categoryId)
      if (slots) slots.push(slot)
      else groups.set(categoryId, [slot])
    })
    const chosen = [...groups]
      .sort(([a, x], [b, y]) => y.length - x.length || a - b)
      .slice(0, limits.maxCategories)
    return chosen.map(([categoryId, slots]) => ({
      categoryId,
      ids: this.sortedSlice(slots, query, 0, Math.max(0, limits.perCategory)),
      total: slots.length,
    }))
  }

  // --- conditions ---------------------------------------------------------------------------

  /**
   * "Fits like my glasses": three ranges around the pair's sizes (decision 025). Each is an OR of
   * the few value bitsets of its column, so the fit costs three small unions and intersections;
   * it constrains every facet too (it is nobody's "other" filter).
   */
  private fitConditions(query: ProductIndexQuery): ProductIndexFilter[] {
    return query.fit ? fitFilters(query.fit.size) : []
  }

  private scopeBits(scope: SearchScope): Bitset {
    switch (scope.kind) {
      case 'shop':
        return this.alive
      case 'filed': {
        const { filed } = this.scopesNow()
        const key = scope.categoryIds.join(',')
        let out = filed.get(key)
        if (!out) {
          out = new Uint32Array(this.words)
          for (const id of scope.categoryIds) {
            const bits = this.directBits.get(id)
            if (bits) orInto(out, bits)
          }
          if (filed.size >= SCOPE_CACHE_SIZE) filed.clear()
          filed.set(key, out)
        }
        return out
      }
      case 'category':
        return (
          (scope.subcategories ? this.categoryBits : this.directBits).get(scope.categoryId) ??
          new Uint32Array(this.words)
        )
    }
  }

  private emptyScopes(version: number) {
    return {
      version,
      filed: new Map<string, Bitset>(),
      present: new WeakMap<Bitset, Map<string, unknown>>(),
    }
  }

  private scopesNow() {
    if (this.scopes.version !== this.version) this.scopes = this.emptyScopes(this.version)
    return this.scopes
  }

  /** What `compute` gives, kept per scope set and `key` while the index is unchanged. */
  private keptForScope<T>(scope: Bitset, key: string, compute: () => T): T {
    const { present } = this.scopesNow()
    let kept = present.get(scope)
    if (!kept) {
      kept = new Map()
      present.set(scope, kept)
    }
    if (!kept.has(key)) kept.set(key, compute())
    return kept.get(key) as T
  }

  /** A number column's values (ascending) held by at least one product in `scope`. */
  private numbersIn(scope: Bitset, column: string): readonly number[] {
    return this.keptForScope(scope, `number\u0000${column}`, () => {
      const byValue = this.numberValues.get(column)
      if (!byValue) return []
      return [...byValue]
        .filter(([, bits]) => intersects(bits, scope))
        .map(([value]) => value)
        .sort((a, b) => a - b)
    })
  }

  /** A facet column's keys (with their sets' indexes) held by at least one product in `scope`. */
  private keysIn(scope: Bitset, column: string): readonly (readonly [string, number])[] {
    return this.keptForScope(scope, `facet\u0000${column}`, () =>
      [...(this.valueIndex.get(column) ?? [])].filter(([, value]) =>
        intersects(this.valueBits[value]!, scope),
      ),
    )
  }

  /** The filter's matches among `within` (a new set). */
  private conditionWithin(filter: ProductIndexFilter, within: Bitset): Bitset {
    switch (filter.type) {
      case 'multiselect':
      case 'color': {
        const out = new Uint32Array(this.words)
        const keys = this.valueIndex.get(filter.column)
        for (const key of filter.values ?? []) {
          const value = keys?.get(key)
          if (value !== undefined) orInto(out, this.valueBits[value]!)
        }
        andInto(out, within)
        return out
      }
      case 'text':
        return and(this.textSet(foldText(filter.text?.trim() ?? '')), within)
      case 'range': {
        const out = new Uint32Array(this.words)
        const column = this.numberColumns.get(filter.column)
        if (!column) return out
        const { min, max } = filter
        const byValue = this.numberValues.get(filter.column)
        if (byValue) {
          const present = this.numbersIn(within, filter.column)
          const inRange = (value: number) =>
            (min === undefined || value >= min) && (max === undefined || value <= max)
          const outside = present.filter((value) => !inRange(value))
          // The fewer unions: the values in the range, or every value but those outside it.
          if (outside.length * 2 < present.length) {
            out.set(
              this.keptForScope(within, `any\u0000${filter.column}`, () => {
                const any = new Uint32Array(this.words)
                for (const value of present) orInto(any, byValue.get(value)!)
                andInto(any, within)
                return any
              }),
            )
            for (const value of outside) andNotInto(out, byValue.get(value)!)
            return out
          }
          for (const value of present) if (inRange(value)) orInto(out, byValue.get(value)!)
          andInto(out, within)
          return out
        }
        forEachSlot(within, (slot) => {
          const value = column[slot]!
          if (Number.isNaN(value)) return
          if (min !== undefined && !(value >= min)) return
          if (max !== undefined && !(value <= max)) return
          setBit(out, slot)
        })
        return out
      }
    }
  }

  /** Products whose search text contains `needle`; the last few needles are kept up to date. */
  private textSet(needle: string): Bitset {
    const cached = this.textBits.get(needle)
    if (cached) {
      this.textBits.delete(needle)
      this.textBits.set(needle, cached)
      return cached
    }
    const bits = this.texts.matches(needle, this.alive, this.words)
    if (this.textBits.size >= TEXT_CACHE_SIZE) {
      const oldest = this.textBits.keys().next().value
      if (oldest !== undefined) this.textBits.delete(oldest)
    }
    this.textBits.set(needle, bits)
    return bits
  }

  /** Products per key of `column` among `within` (a part of `scope`). */
  private counts(column: string, within: Bitset, scope: Bitset): Record<string, number> {
    const counts: Record<string, number> = {}
    // Few matches: one popcount per value over the matches' words only; many: over every word.
    const words = nonZeroWords(within)
    if (words.length === 0) return counts
    const sparse = words.length * 2 < within.length
    for (const [key, value] of this.keysIn(scope, column)) {
      const bits = this.valueBits[value]!
      const n = sparse ? popcountAndAt(within, bits, words) : popcountAnd(within, bits)
      if (n > 0) counts[key] = n
    }
    return counts
  }

  /** The smallest and largest value of `column` among `within` (a part of `scope`). */
  private bounds(column: string, within: Bitset, scope: Bitset): ProductIndexFacet {
    const byValue = this.numberValues.get(column)
    if (byValue) {
      const sorted = this.numbersIn(scope, column)
      // Few matches: each value is tested on the matches' words only.
      const words = nonZeroWords(within)
      const sparse = words.length * 2 < within.length
      const meets = (value: number) =>
        sparse
          ? intersectsAt(within, byValue.get(value)!, words)
          : intersects(byValue.get(value)!, within)
      const low = sorted.findIndex(meets)
      if (low === -1) return { min: null, max: null }
      return { min: sorted[low]!, max: sorted.findLast(meets)! }
    }
    const values = this.numberColumns.get(column)
    let min = Number.POSITIVE_INFINITY
    let max = Number.NEGATIVE_INFINITY
    if (values) {
      forEachSlot(within, (slot) => {
        const value = values[slot]!
        if (Number.isNaN(value)) return
        if (value < min) min = value
        if (value > max) max = value
      })
    }
    return min > max ? { min: null, max: null } : { min, max }
  }

  // --- sorting and paging ---------------------------------------------------------------------

  private page(
    matches: Bitset,
    total: number,
    query: ProductIndexQuery,
    offset: number,
    limit: number,
  ): number[] {
    if (total === 0 || offset >= total) return []
    const sort = this.orderFor(query)
    // A small result is sorted by rank; a large one is read off the precomputed order. A list
    // ranked by fit is always sorted: the distance comes first.
    if (query.fit?.rank || total * 16 < sort.order.length) {
      const slots: number[] = []
      forEachSlot(matches, (slot) => slots.push(slot))
      return this.sortedSlice(slots, query, offset, limit)
    }
    const ids: number[] = []
    let skipped = 0
    const { order } = sort
    for (let i = 0; i < order.length && ids.length < limit; i++) {
      const slot = order[i]!
      if (!hasBit(matches, slot)) continue
      if (skipped < offset) skipped++
      else ids.push(this.ids[slot]!)
    }
    return ids
  }

  private sortedSlice(
    slots: number[],
    query: ProductIndexQuery,
    offset: number,
    limit: number,
  ): number[] {
    if (limit <= 0 || slots.length === 0) return []
    const sort = this.orderFor(query)
    let rank = sort.rank
    if (!rank) {
      rank = new Uint32Array(this.capacity)
      for (let i = 0; i < sort.order.length; i++) rank[sort.order[i]!] = i
      sort.rank = rank
    }
    const ranks = rank
    if (query.fit?.rank) return this.fitSlice(slots, query.fit.size, ranks, offset, limit)
    slots.sort((a, b) => ranks[a]! - ranks[b]!)
    return slots.slice(offset, offset + limit).map((slot) => this.ids[slot]!)
  }

  /** Closest to the pair first (`fitDistance`), then in the sort's order (`ranks`). */
  private fitSlice(
    slots: readonly number[],
    size: FrameSize,
    ranks: Uint32Array,
    offset: number,
    limit: number,
  ): number[] {
    const lens = this.numberColumns.get('lensWidth')
    const bridge = this.numberColumns.get('bridgeWidth')
    const temple = this.numberColumns.get('templeLength')
    if (!lens || !bridge || !temple) return []
    const keyed = slots.map((slot) => ({
      slot,
      distance: fitDistance(size, {
        lensWidth: lens[slot]!,
        bridgeWidth: bridge[slot]!,
        templeLength: temple[slot]!,
      }),
      rank: ranks[slot]!,
    }))
    keyed.sort((a, b) => a.distance - b.distance || a.rank - b.rank)
    return keyed.slice(offset, offset + limit).map((entry) => this.ids[entry.slot]!)
  }

  private orderFor(query: ProductIndexQuery): SortOrder {
    const sort: ProductSort = query.sort ?? 'new'
    const list = query.priceList ?? BASE_PRICE_LIST
    const currency = query.currency ?? 'CZK'
    const key =
      sort === 'name'
        ? `name\u0000${query.locale}`
        : sort === 'new'
          ? 'new'
          : `${sort}\u0000${priceKey(list, currency)}`
    const existing = this.orders.get(key)
    if (existing) return existing
    const compare = this.comparator(sort, query.locale, priceKey(list, currency))
    const slots: number[] = []
    forEachSlot(this.alive, (slot) => slots.push(slot))
    slots.sort(compare)
    const created: SortOrder = { order: Uint32Array.from(slots), rank: null, compare }
    this.orders.set(key, created)
    return created
  }

  private comparator(sort: ProductSort, locale: string, price: string) {
    const byIdAsc = (a: number, b: number) => this.ids[a]! - this.ids[b]!
    switch (sort) {
      case 'new':
        // released_at desc nulls last, product_id desc
        return (a: number, b: number) =>
          compareNumbers(this.released[a]!, this.released[b]!, true) || this.ids[b]! - this.ids[a]!
      case 'name':
        // name->>locale asc (nulls last), product_id asc
        return (a: number, b: number) => {
          const names = this.names.get(locale)
          const x = names?.has(a) ?? false
          const y = names?.has(b) ?? false
          if (x !== y) return x ? -1 : 1
          return (x && names!.compare(a, b)) || byIdAsc(a, b)
        }
      case 'price.asc':
      case 'price.desc': {
        // (prices->list->currency->>'final') asc|desc nulls last, product_id asc. The column is
        // read on every call: growing the index replaces it.
        this.columnOf(this.priceColumns, price)
        const descending = sort === 'price.desc'
        return (a: number, b: number) => {
          const column = this.priceColumns.get(price)!
          return compareNumbers(column[a]!, column[b]!, descending) || byIdAsc(a, b)
        }
      }
    }
  }

  /** Brings the sort orders up to date with the slots changed since the last query. */
  private settle(): void {
    if (this.dirty.size === 0) return
    const changed = this.dirty
    const marked = new Uint8Array(this.capacity)
    for (const slot of changed) marked[slot] = 1
    for (const [key, sort] of this.orders) {
      if (changed.size * 8 > sort.order.length) {
        this.orders.delete(key)
        continue
      }
      const kept = new Uint32Array(sort.order.length)
      let n = 0
      for (const slot of sort.order) if (marked[slot] === 0) kept[n++] = slot
      const added = [...changed].filter((slot) => hasBit(this.alive, slot)).sort(sort.compare)
      // Each re-sorted slot goes after the kept slots that sort before or equal to it (binary
      // search); the runs between are copied, so a change costs a copy, not n comparisons.
      const merged = new Uint32Array(n + added.length)
      let from = 0
      let k = 0
      for (const slot of added) {
        let lo = from
        let hi = n
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          if (sort.compare(kept[mid]!, slot) <= 0) lo = mid + 1
          else hi = mid
        }
        merged.set(kept.subarray(from, lo), k)
        k += lo - from
        from = lo
        merged[k++] = slot
      }
      merged.set(kept.subarray(from, n), k)
      sort.order = merged
      sort.rank = null
    }
    changed.clear()
  }

  // --- slots ----------------------------------------------------------------------------------

  private touch(slot: number): void {
    this.version++
    if (this.orders.size > 0) this.dirty.add(slot)
  }

  private allocate(): number {
    const reused = this.free.pop()
    if (reused !== undefined) return reused
    // An eighth more: an index loaded at its exact size stays near it as products are added.
    if (this.nextSlot === this.capacity)
      this.grow(this.capacity + Math.max(1024, this.capacity >>> 3))
    return this.nextSlot++
  }

  /** Takes the slot out of every set and column (it keeps its product id). */
  private clearSlot(slot: number): void {
    // Clearing the bit in every set (a few hundred) costs less than remembering each slot's sets.
    for (const bits of this.categoryBits.values()) clearBit(bits, slot)
    for (const bits of this.directBits.values()) clearBit(bits, slot)
    this.firstDirect[slot] = NOT_A_NUMBER
    for (const bits of this.valueBits) clearBit(bits, slot)
    for (const [name, column] of this.numberColumns) {
      const value = column[slot]!
      if (Number.isNaN(value)) continue
      const bits = this.numberValues.get(name)?.get(value)
      if (bits) clearBit(bits, slot)
      column[slot] = NOT_A_NUMBER
    }
    for (const column of this.priceColumns.values()) column[slot] = NOT_A_NUMBER
    this.released[slot] = NOT_A_NUMBER
    for (const bits of this.textBits.values()) clearBit(bits, slot)
  }

  private grow(slots: number): void {
    const words = Math.ceil(slots / 32)
    const capacity = words * 32
    const widen = (old: Float64Array) => {
      const out = new Float64Array(capacity).fill(NOT_A_NUMBER)
      out.set(old)
      return out
    }
    this.ids = widen(this.ids)
    this.released = widen(this.released)
    this.firstDirect = widen(this.firstDirect)
    for (const columns of [this.numberColumns, this.priceColumns]) {
      for (const [key, column] of columns) columns.set(key, widen(column))
    }
    this.alive = resized(this.alive, words)
    for (const [id, bits] of this.categoryBits) this.categoryBits.set(id, resized(bits, words))
    for (const [id, bits] of this.directBits) this.directBits.set(id, resized(bits, words))
    for (const [needle, bits] of this.textBits) this.textBits.set(needle, resized(bits, words))
    for (const values of this.numberValues.values()) {
      for (const [value, bits] of values ?? []) values!.set(value, resized(bits, words))
    }
    this.valueBits = this.valueBits.map((bits) => resized(bits, words))
    for (const column of this.names.values()) column.resize(capacity)
    // Orders hold slots, not positions: only their rank arrays are sized by capacity.
    for (const sort of this.orders.values()) sort.rank = null
    this.capacity = capacity
    this.words = words
  }

  /** The value's bitset in the column, or undefined once the column has too many values. */
  private numberValueBits(column: string, value: number): Bitset | undefined {
    let byValue = this.numberValues.get(column)
    if (byValue === null) return undefined
    if (!byValue) {
      byValue = new Map()
      this.numberValues.set(column, byValue)
    }
    let bits = byValue.get(value)
    if (!bits) {
      if (byValue.size >= this.maxNumberValues) {
        this.numberValues.set(column, null)
        return undefined
      }
      bits = new Uint32Array(this.words)
      byValue.set(value, bits)
    }
    return bits
  }

  private bitsOf(sets: Map<number, Bitset>, id: number): Bitset {
    let bits = sets.get(id)
    if (!bits) {
      bits = new Uint32Array(this.words)
      sets.set(id, bits)
    }
    return bits
  }

  private valueOf(column: string, key: string): number {
    let keys = this.valueIndex.get(column)
    if (!keys) {
      keys = new Map()
      this.valueIndex.set(column, keys)
    }
    let value = keys.get(key)
    if (value === undefined) {
      value = this.valueBits.length
      this.valueBits.push(new Uint32Array(this.words))
      keys.set(key, value)
    }
    return value
  }

  private nameColumn(locale: string): TextColumn {
    let column = this.names.get(locale)
    if (!column) {
      column = new TextColumn(this.capacity)
      this.names.set(locale, column)
    }
    return column
  }

  private columnOf(columns: Map<string, Float64Array>, key: string): Float64Array {
    let column = columns.get(key)
    if (!column) {
      column = new Float64Array(this.capacity).fill(NOT_A_NUMBER)
      columns.set(key, column)
    }
    return column
  }
}

function priceKey(list: string, currency: string): string {
  return `${list}\u0000${currency}`
}

/** In either direction with NaN (SQL null) last. */
function compareNumbers(x: number, y: number, descending: boolean): number {
  const xNull = Number.isNaN(x)
  const yNull = Number.isNaN(y)
  if (xNull || yNull) return xNull === yNull ? 0 : xNull ? 1 : -1
  return descending ? y - x : x - y
}

/**
 * Per condition name, the matches of every other condition (`base` when there is none): the AND
 * of the conditions before it and of those after it, so k conditions cost about 3k passes over
 * the words instead of k² (each condition is already within `base`). Callers never write to the
 * results.
 */
function matchesWithout(
  base: Bitset,
  conditions: readonly { readonly name: string; readonly bits: Bitset }[],
): Map<string, Bitset> {
  const names = [...new Set(conditions.map((c) => c.name))]
  const groups = names.map((name) => {
    const sets = conditions.filter((c) => c.name === name).map((c) => c.bits)
    return sets.length === 1 ? sets[0]! : intersect(base, sets)
  })
  // before[i]: base ∧ groups[0..i).
  const before: Bitset[] = [base]
  for (let i = 1; i < groups.length; i++) before.push(and(before[i - 1]!, groups[i - 1]!))
  const out = new Map<string, Bitset>()
  let after: Bitset | null = null
  for (let i = groups.length - 1; i >= 0; i--) {
    out.set(names[i]!, after === null ? before[i]! : i === 0 ? after : and(before[i]!, after))
    if (i > 0) after = after === null ? groups[i]! : and(after, groups[i]!)
  }
  return out
}

/** `base ∧ every set` (base itself when there is none; callers never write to the result). */
function intersect(base: Bitset, sets: readonly Bitset[]): Bitset {
  if (sets.length === 0) return base
  const out = Uint32Array.from(sets[0]!)
  for (let i = 1; i < sets.length; i++) andInto(out, sets[i]!)
  return out
}
