import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import {
  productIndex,
  productIndexChanges,
  productIndexPruned,
} from '../../platform/db/schema/pim.ts'
import type { ProductIndexQuery, ProductIndexResult } from '../product-index/query-product-index.ts'
import { INDEX_CHANGES_KEPT_MS } from '../product-index/prune-index-changes.ts'
import { CATALOGUE_CHANGED, WHOLE_INDEX_CHANGED } from '../product-index/update-product-index.ts'
import {
  isActive,
  isShopWide,
  SearchIndex,
  type IndexedProduct,
  type SearchIndexState,
  type SearchScope,
} from './search-index.ts'
import { encodeSnapshot, readSnapshot, replaceFile } from './snapshot-file.ts'

/** Matches of a search filed in categories other than the listed one, per category. */
export interface OtherCategoryMatches {
  /** The category the products are grouped under (each product's first direct category). */
  readonly categoryId: number
  /** The first products in the query's sort order. */
  readonly ids: readonly number[]
  readonly total: number
}

/**
 * The engine as one request reads it: brought up to date once, when the view was taken, for the
 * several reads an answer makes (the category's values, the filtered page, other categories).
 */
export interface ProductSearchView {
  /**
   * A token that changes whenever anything a product list shows may have changed (product rows,
   * categories, filter definitions, brands, price lists), read after applying every change
   * committed before the view was taken: an answer computed under the same token is still right.
   */
  readonly revision: string
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
}

/**
 * Answers product-list queries: filtered, sorted, paged ids, the total, and facet counts under all
 * other active filters. One instance per app (it may hold an in-memory index). `query`,
 * `otherCategories` and `revision` each take a view of their own.
 */
export interface ProductSearch extends Pick<ProductSearchView, 'query' | 'otherCategories'> {
  /** Every change committed before this call applied, once (one statement on the database). */
  current(): Promise<ProductSearchView>
  revision(): Promise<string>
  /**
   * The products held and the answers kept; `loaded` is false until the first query loads it,
   * `restored` is true when the index came from a snapshot rather than the database.
   */
  stats(): { loaded: boolean; restored: boolean; products: number; cachedAnswers: number }
  /** Forgets the kept answers and loads the whole index again (the back office's "clear caches"). */
  rebuild(): Promise<void>
  /** Stops background work (timers) and writes a last snapshot; the app calls it on close. */
  close(): Promise<void>
}

export interface ProductSearchOptions {
  /** How often a loaded engine refreshes itself without requests (ms). */
  readonly refreshEveryMs?: number
  /** How long change rows are kept (ms): an engine idle for half of it reloads everything. */
  readonly keepChangesMs?: number
  /**
   * Where the engine keeps its index between starts (decision 072): a start restores it and
   * applies the changes since, instead of reading every row. None when unset.
   */
  readonly snapshotFile?: string
  /** How often at most a changed index is written to the snapshot again (ms). */
  readonly snapshotEveryMs?: number
  readonly log?: Pick<FastifyBaseLogger, 'warn'>
}

/** What a snapshot file holds (`encodeSnapshot`). */
interface Snapshot {
  readonly format: typeof SNAPSHOT_FORMAT
  /** The database's identity (`identitySql`): a snapshot of another database is never used. */
  readonly identity: string
  readonly xmin: number
  readonly seen: readonly (readonly [number, number])[]
  readonly index: SearchIndexState
}

const SNAPSHOT_FORMAT = 1

const LOAD_CHUNK = 10_000
/** Products whose text-filter entries are built per macrotask after a load (a few ms each). */
const TEXT_INDEX_SLICE = 500
const RESULT_CACHE_SIZE = 512
const SNAPSHOT_EVERY_MS = 5 * 60_000

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
  private readonly snapshotFile: string | null
  private readonly snapshotEveryMs: number
  private readonly log: Pick<FastifyBaseLogger, 'warn'> | null
  /** The index and version the snapshot file holds, and when it was written. */
  private written: { index: SearchIndex; version: number; text: boolean; at: number } | null = null
  private writing: Promise<void> | null = null
  private knownIdentity: Promise<string | null> | null = null
  private restored = false
  private triedSnapshot = false

  private readonly db: Db

  constructor(db: Db, options: ProductSearchOptions) {
    this.db = db
    this.changesStatement = this.prepareChanges()
    this.refreshEveryMs = options.refreshEveryMs ?? 60_000
    this.keepChangesMs = options.keepChangesMs ?? INDEX_CHANGES_KEPT_MS
    this.snapshotFile = options.snapshotFile ?? null
    this.snapshotEveryMs = options.snapshotEveryMs ?? SNAPSHOT_EVERY_MS
    this.log = options.log ?? null
  }

  async current(): Promise<ProductSearchView> {
    const index = await this.fresh()
    return {
      revision: `${this.generation}.${index.version}`,
      query: (query) => this.answer(index, query),
      otherCategories: async (query, limits) =>
        index.otherCategories(query, await this.scopeOf(query), limits),
    }
  }

  async query(query: ProductIndexQuery): Promise<ProductIndexResult> {
    return (await this.current()).query(query)
  }

  async otherCategories(
    query: ProductIndexQuery,
    limits: { readonly perCategory: number; readonly maxCategories: number },
  ): Promise<readonly OtherCategoryMatches[]> {
    return (await this.current()).otherCategories(query, limits)
  }

  async revision(): Promise<string> {
    return (await this.current()).revision
  }

  /** `query` answered by `index`; answers are kept while it is the engine's index, unchanged. */
  private async answer(index: SearchIndex, query: ProductIndexQuery): Promise<ProductIndexResult> {
    const active = (query.filters ?? []).filter(isActive)
    const scope = isShopWide(active) ? ({ kind: 'shop' } as const) : await this.scopeOf(query)
    if (index !== this.index) return index.search(query, scope)
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

  stats() {
    return {
      loaded: this.index !== null,
      restored: this.restored,
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

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.writeSnapshot(true)
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
    return { xmin: Number(row?.xmin ?? 0), changes: parseChanges(row?.changes) }
  }

  private async applyChanges(): Promise<void> {
    const index = this.index
    // Change rows may have been pruned since a refresh this old: start over.
    if (!index || Date.now() - this.lastRefreshAt > this.keepChangesMs / 2) return this.load()
    await this.apply(index, await this.readChanges(this.xmin))
  }

  /** Applies change rows read at `xmin` to `index` (the current one); a whole change reloads. */
  private async apply(
    index: SearchIndex,
    { xmin, changes }: { xmin: number; changes: readonly [number, number, number][] },
  ): Promise<void> {
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
    if (!this.index && (await this.restore())) return
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
    this.restored = false
    this.generation++
    this.advance(xmin)
    // Written with the text filter's index, once it is built.
    void this.prepareTextSearch(index).then(() => this.writeSnapshot())
  }

  /**
   * Restores the index from the snapshot file when it was taken from this database, which has
   * not gone back behind it, and no change row since has been pruned; then applies the changes
   * since. False when there is no such snapshot. One statement reads the database's identity,
   * the pruning mark and the changes: a prune deletes rows and raises the mark in one
   * transaction, so the statement sees both or neither.
   */
  private async restore(): Promise<boolean> {
    const file = this.snapshotFile
    if (!file || this.triedSnapshot) return false
    this.triedSnapshot = true
    let snapshot: Snapshot
    let index: SearchIndex
    try {
      const read = (await readSnapshot(file)) as Snapshot | null
      if (!read) return false
      snapshot = read
      if (snapshot.format !== SNAPSHOT_FORMAT) return false
      index = SearchIndex.restore(snapshot.index)
    } catch (error) {
      this.log?.warn({ err: error, file }, 'the search index snapshot is unreadable; loading')
      return false
    }
    const row = await this.db
      .execute<{ identity: string | null; pruned: string | null; xmin: string; changes: unknown }>(
        sql`select ${identitySql} as identity,
          (select through_xid::text from ${productIndexPruned}) as pruned,
          (pg_snapshot_xmin(pg_current_snapshot())::text) as xmin,
          coalesce((select json_agg(json_build_array(c.id, c.xid, c.product_id))
            from ${productIndexChanges} c where c.xid >= ${snapshot.xmin}), '[]'::json) as changes`,
      )
      .then(
        ({ rows }) => rows[0],
        (error: unknown) => {
          this.log?.warn({ err: error }, 'the search index snapshot could not be checked; loading')
          return undefined
        },
      )
    // A database behind the snapshot (an older copy restored) may hold other rows under the
    // same transaction numbers.
    const usable =
      row?.identity === snapshot.identity &&
      Number(row.pruned) < snapshot.xmin &&
      Number(row.xmin) >= snapshot.xmin
    if (!usable) return false
    for (const [id, xid] of snapshot.seen) this.seen.set(id, xid)
    this.index = index
    this.restored = true
    this.generation++
    this.written = { index, version: 0, text: index.textSearchPrepared, at: Date.now() }
    await this.apply(index, { xmin: Number(row.xmin), changes: parseChanges(row.changes) })
    // Written again if the changes since moved it.
    void this.prepareTextSearch(index).then(() => this.writeSnapshot())
    return true
  }

  /**
   * Writes the index to the snapshot file when it changed since the last write, between
   * refreshes: the index, `xmin` and the applied change rows are taken at one instant. A failed
   * write is logged; the next load reads the database. Once closed, only the last write runs.
   */
  private async writeSnapshot(last = false): Promise<void> {
    const file = this.snapshotFile
    if (!file || !this.index || (this.closed && !last)) return
    const identity = await this.identity()
    while (this.writing || this.running || this.loading || this.scheduled) {
      await (this.writing ?? this.running ?? this.loading ?? this.scheduled)?.catch(() => {})
    }
    const index = this.index
    const written = this.written
    const text = index.textSearchPrepared
    if (
      !identity ||
      (written?.index === index && written.version === index.version && (written.text || !text))
    ) {
      return
    }
    const bytes = encodeSnapshot({
      format: SNAPSHOT_FORMAT,
      identity,
      xmin: this.xmin,
      seen: [...this.seen],
      index: index.state(),
    } satisfies Snapshot)
    this.written = { index, version: index.version, text, at: Date.now() }
    this.writing = replaceFile(file, bytes)
      .catch((error: unknown) => {
        this.log?.warn({ err: error, file }, 'the search index snapshot could not be written')
      })
      .finally(() => {
        this.writing = null
      })
    await this.writing
  }

  /** The database's identity (`identitySql`), read once; null when it cannot be read. */
  private async identity(): Promise<string | null> {
    this.knownIdentity ??= this.db
      .execute<{ identity: string | null }>(sql`select ${identitySql} as identity`)
      .then(({ rows }) => rows[0]?.identity ?? null)
    return this.knownIdentity.catch(() => {
      this.knownIdentity = null
      return null
    })
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
      return
    }
    if (Date.now() - (this.written?.at ?? 0) >= this.snapshotEveryMs) await this.writeSnapshot()
  }
}

/**
 * The database's identity: its cluster's system identifier and its own oid. A snapshot from a
 * restored copy or another database is refused even though its transaction numbers may overlap.
 */
const identitySql = sql<string>`((select system_identifier::text from pg_control_system())
  || '.' || (select oid::text from pg_database where datname = current_database()))`

/** The `[id, xid, productId]` change rows of a `json_agg` column (text or parsed). */
function parseChanges(value: unknown): [number, number, number][] {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return (Array.isArray(raw) ? raw : []) as [number, number, number][]
}
