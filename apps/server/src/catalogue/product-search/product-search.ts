import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { productIndex, productIndexChanges } from '../../platform/db/schema/pim.ts'
import type { ProductIndexQuery, ProductIndexResult } from '../product-index/query-product-index.ts'
import { INDEX_CHANGES_KEPT_MS } from '../product-index/prune-index-changes.ts'
import { CATALOGUE_CHANGED, WHOLE_INDEX_CHANGED } from '../product-index/update-product-index.ts'
import {
  isActive,
  isShopWide,
  SearchIndex,
  type IndexedProduct,
  type SearchScope,
} from './search-index.ts'

/** Matches of a search filed in categories other than the listed one, per category. */
export interface OtherCategoryMatches {
  /** The category the products are grouped under (each product's first direct category). */
  readonly categoryId: number
  /** The first products in the query's sort order. */
  readonly ids: readonly number[]
  readonly total: number
}

/**
 * Answers product-list queries: filtered, sorted, paged ids, the total, and facet counts under all
 * other active filters. One instance per app (it may hold an in-memory index).
 */
export interface ProductSearch {
  query(query: ProductIndexQuery): Promise<ProductIndexResult>
  /**
   * The products matching `query`'s filters that are NOT in `query`'s category (its `categoryId`
   * subtree or `filedInAnyOf`), grouped by category, at most `perCategory` ids per group and
   * `maxCategories` groups (largest first).
   */
  otherCategories(
    query: ProductIndexQuery,
    limits: { readonly perCategory: number; readonly maxCategories: number },
  ): Promise<readonly OtherCategoryMatches[]>
  /**
   * A token that changes whenever anything a product list shows may have changed (product rows,
   * categories, filter definitions, brands, price lists), read after applying every change
   * committed before this call: an answer computed under the same token is still right.
   */
  revision(): Promise<string>
  /** The products held and the answers kept; `loaded` is false until the first query loads it. */
  stats(): { loaded: boolean; products: number; cachedAnswers: number }
  /** Forgets the kept answers and loads the whole index again (the back office's "clear caches"). */
  rebuild(): Promise<void>
  /** Stops background work (timers); the app calls it on close. */
  close(): void
}

export interface ProductSearchOptions {
  /** How often a loaded engine refreshes itself without requests (ms). */
  readonly refreshEveryMs?: number
  /** How long change rows are kept (ms): an engine idle for half of it reloads everything. */
  readonly keepChangesMs?: number
}

const LOAD_CHUNK = 10_000
/** Products whose text-filter entries are built per macrotask after a load (a few ms each). */
const TEXT_INDEX_SLICE = 500
const RESULT_CACHE_SIZE = 512

/**
 * The in-process search engine (decision 015): `product_index` in memory, loaded on the first
 * query, answering exactly what `queryProductIndex` answers in a few milliseconds. Before every
 * answer it reads, in one statement, the products changed by transactions at or after the oldest
 * transaction that was still running at its previous refresh, and reloads those rows: a commit
 * made before a request is always in its answer, in every process sharing the database.
 */
export function createProductSearch(db: Db, options: ProductSearchOptions = {}): ProductSearch {
  return new InMemoryProductSearch(db, options)
}

class InMemoryProductSearch implements ProductSearch {
  private index: SearchIndex | null = null
  private loading: Promise<void> | null = null
  /** `pg_snapshot_xmin` at the last refresh: changes from older transactions are all applied. */
  private xmin = 0
  /** Change rows already applied (id → xid) whose transaction is not yet below `xmin`. */
  private readonly seen = new Map<number, number>()
  private lastRefreshAt = 0
  private running: Promise<void> | null = null
  private scheduled: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private closed = false
  /** Counts loads and catalogue changes (see `revision`). */
  private generation = 0
  private cacheVersion = -1
  private cacheIndex: SearchIndex | null = null
  private readonly cache = new Map<string, ProductIndexResult>()
  private readonly refreshEveryMs: number
  private readonly keepChangesMs: number

  private readonly db: Db

  constructor(db: Db, options: ProductSearchOptions) {
    this.db = db
    this.changesStatement = this.prepareChanges()
    this.refreshEveryMs = options.refreshEveryMs ?? 60_000
    this.keepChangesMs = options.keepChangesMs ?? INDEX_CHANGES_KEPT_MS
  }

  async query(query: ProductIndexQuery): Promise<ProductIndexResult> {
    const active = (query.filters ?? []).filter(isActive)
    const [index, scope] = await Promise.all([
      this.fresh(),
      isShopWide(active) ? ({ kind: 'shop' } as const) : this.scopeOf(query),
    ])
    if (this.cacheIndex !== index || this.cacheVersion !== index.version) {
      this.cache.clear()
      this.cacheIndex = index
      this.cacheVersion = index.version
    }
    const key = JSON.stringify([query, scope])
    let result = this.cache.get(key)
    if (!result) {
      result = index.search(query, scope)
      if (this.cache.size >= RESULT_CACHE_SIZE) this.cache.clear()
      this.cache.set(key, result)
    }
    return { ids: [...result.ids], total: result.total, facets: result.facets }
  }

  async otherCategories(
    query: ProductIndexQuery,
    limits: { readonly perCategory: number; readonly maxCategories: number },
  ): Promise<readonly OtherCategoryMatches[]> {
    const [index, scope] = await Promise.all([this.fresh(), this.scopeOf(query)])
    return index.otherCategories(query, scope, limits)
  }

  async revision(): Promise<string> {
    const index = await this.fresh()
    return `${this.generation}.${index.version}`
  }

  stats() {
    return {
      loaded: this.index !== null,
      products: this.index?.size ?? 0,
      cachedAnswers: this.cache.size,
    }
  }

  async rebuild(): Promise<void> {
    this.cache.clear()
    this.cacheIndex = null
    if (!this.index) return
    // The next refresh in line sees a refresh this old and loads everything (applyChanges).
    await this.running?.catch(() => {})
    this.lastRefreshAt = 0
    await this.refresh()
  }

  close(): void {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /** The category the query lists, reading the category's own flag as `queryProductIndex` does. */
  private async scopeOf(query: ProductIndexQuery): Promise<SearchScope> {
    if (query.filedInAnyOf !== undefined) return { kind: 'filed', categoryIds: query.filedInAnyOf }
    if (query.categoryId === undefined) return { kind: 'shop' }
    let subcategories = query.includeSubcategories
    if (subcategories === undefined) {
      const [row] = await this.db
        .select({
          hidden: sql<boolean>`coalesce(${objects.data}->'showSubcategoryProducts' = 'false'::jsonb, false)`,
        })
        .from(objects)
        .where(eq(objects.id, query.categoryId))
      subcategories = row?.hidden !== true
    }
    return { kind: 'category', categoryId: query.categoryId, subcategories }
  }

  /** The index, loaded, with every change committed before this call applied. */
  private async fresh(): Promise<SearchIndex> {
    if (!this.index) {
      this.loading ??= this.load().finally(() => {
        this.loading = null
      })
      await this.loading
      this.startTimer()
    }
    await this.refresh()
    return this.index!
  }

  /**
   * One refresh at a time. A caller joins the refresh that is scheduled but not started yet (it
   * starts after the caller arrived), else schedules one to start after the running one. The
   * start waits one macrotask, so the requests of one I/O turn share it: on PGlite a query
   * completes before the next request's callback even runs.
   */
  private refresh(): Promise<void> {
    this.scheduled ??= this.scheduleRefresh()
    return this.scheduled
  }

  private async scheduleRefresh(): Promise<void> {
    await this.running?.catch(() => {})
    await new Promise<void>((resolve) => setImmediate(resolve))
    this.scheduled = null
    const run = this.applyChanges()
    this.running = run
    try {
      await run
    } finally {
      if (this.running === run) this.running = null
    }
  }

  /**
   * The xmin of this statement's snapshot and the change rows from transactions since `since`
   * (null: since that xmin). A named prepared statement: it runs before every answer.
   */
  private readonly changesStatement: ReturnType<InMemoryProductSearch['prepareChanges']>

  private prepareChanges() {
    const xmin = sql<string>`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`
    const since = sql`coalesce(${sql.placeholder('since')}::bigint, ${xmin})`
    return this.db
      .select({
        xmin,
        changes: sql<unknown>`coalesce((select json_agg(json_build_array(c.id, c.xid, c.product_id))
          from ${productIndexChanges} c where c.xid >= ${since}), '[]'::json)`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare('product_search_changes')
  }

  private async readChanges(since: number | null) {
    const [row] = await this.changesStatement.execute({ since })
    const raw =
      typeof row?.changes === 'string' ? (JSON.parse(row.changes) as unknown) : row?.changes
    return {
      xmin: Number(row?.xmin ?? 0),
      changes: (Array.isArray(raw) ? raw : []) as [number, number, number][],
    }
  }

  private async applyChanges(): Promise<void> {
    const index = this.index
    // Change rows may have been pruned since a refresh this old: start over.
    if (!index || Date.now() - this.lastRefreshAt > this.keepChangesMs / 2) return this.load()
    const { xmin, changes } = await this.readChanges(this.xmin)
    const changed = new Set<number>()
    let whole = false
    for (const [id, xid, productId] of changes) {
      if (this.seen.has(id)) continue
      this.seen.set(id, Number(xid))
      if (Number(productId) === WHOLE_INDEX_CHANGED) whole = true
      else if (Number(productId) === CATALOGUE_CHANGED) this.generation++
      else changed.add(Number(productId))
    }
    if (whole) return this.load()
    if (changed.size > 0) {
      const present = new Set<number>()
      const ids = [...changed]
      for (let i = 0; i < ids.length; i += LOAD_CHUNK) {
        const rows = await this.readRows(
          inArray(productIndex.productId, ids.slice(i, i + LOAD_CHUNK)),
        )
        for (const row of rows) {
          index.upsert(row)
          present.add(row.productId)
        }
      }
      for (const id of changed) if (!present.has(id)) index.remove(id)
    }
    this.advance(xmin)
  }

  /**
   * Loads the whole index. The changes visible before the rows are read are applied by the
   * read itself; anything from transactions at or after this xmin is read again next time.
   */
  private async load(): Promise<void> {
    const { xmin, changes } = await this.readChanges(null)
    for (const [id, xid] of changes) this.seen.set(id, Number(xid))
    // Sized for the rows there are: typed arrays and bitsets are allocated once, not doubled.
    const [counted] = await this.db.select({ rows: sql<number>`count(*)::int` }).from(productIndex)
    const index = new SearchIndex((counted?.rows ?? 0) + 64)
    const chunkAfter = (after: number) => {
      const chunk = this.readRows(gt(productIndex.productId, after), LOAD_CHUNK)
      chunk.catch(() => {}) // awaited below; a failure while the previous chunk is indexed waits
      return chunk
    }
    let next = chunkAfter(0)
    for (;;) {
      const rows = await next
      const full = rows.length === LOAD_CHUNK
      // PostgreSQL reads the next chunk while this process indexes this one.
      if (full) next = chunkAfter(rows.at(-1)!.productId)
      for (const row of rows) index.upsert(row)
      if (!full) break
    }
    this.index = index
    this.generation++
    this.advance(xmin)
    void this.prepareTextSearch(index)
  }

  /**
   * Builds the text filter's index after a load, a slice per macrotask so requests are answered
   * meanwhile; stops when another load replaced the index.
   */
  private async prepareTextSearch(index: SearchIndex): Promise<void> {
    while (this.index === index && !index.prepareTextSearch(TEXT_INDEX_SLICE)) {
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }

  private advance(xmin: number): void {
    for (const [id, xid] of this.seen) if (xid < xmin) this.seen.delete(id)
    this.xmin = xmin
    this.lastRefreshAt = Date.now()
  }

  private async readRows(where: SQL | undefined, limit?: number): Promise<IndexedProduct[]> {
    const query = this.db
      .select({
        productId: productIndex.productId,
        categoryIds: productIndex.categoryIds,
        directCategoryIds: productIndex.directCategoryIds,
        name: productIndex.name,
        searchText: productIndex.searchText,
        prices: productIndex.prices,
        facets: productIndex.facets,
        numbers: productIndex.numbers,
        releasedAt: productIndex.releasedAt,
      })
      .from(productIndex)
      .where(and(where))
      .orderBy(asc(productIndex.productId))
    return limit === undefined ? query : query.limit(limit)
  }

  private startTimer(): void {
    if (this.timer || this.closed) return
    this.timer = setInterval(() => void this.tick(), this.refreshEveryMs)
    this.timer.unref()
  }

  /**
   * Keeps an idle engine fresh, so it never trusts change rows older than the pruning job keeps
   * (`catalogue/product-index/prune-index-changes.ts`, a scheduled job since decision 022).
   */
  private async tick(): Promise<void> {
    try {
      await this.refresh()
    } catch {
      // The next request refreshes (and reports a failure) itself.
    }
  }
}
