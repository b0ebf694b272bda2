import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import { SUGGEST_LIMITS } from '@optika/domain/community/search-suggest'
import type {
  SearchSuggestAnswer,
  SuggestedProduct,
} from '@optika/domain/community/search-suggest-api'
import type { Locale } from '@optika/i18n/locales'
import type { ProductSearch } from '../../catalogue/product-search/product-search.ts'
import { buildProductTiles, loadProductsInOrder } from '../../catalogue/reads/product-tiles.ts'
import { withViewerPrices } from '../../catalogue/reads/viewer-tile-prices.ts'
import type { Db } from '../../platform/db/client.ts'
import {
  findByPrefix,
  loadSuggestIndexes,
  wordsOf,
  type SuggestIndexes,
} from './suggest-indexes.ts'

/** The header search's suggestions; one instance per app (it holds in-memory indexes). */
export interface SearchSuggestService {
  suggest(viewer: Viewer, locale: Locale, q: string): Promise<SearchSuggestAnswer>
}

/** Products the engine's substring match hands over, ranked here by how their names match. */
const PRODUCT_CANDIDATES = 24
/** Product tiles kept per catalogue revision (a tile is the same for every anonymous visitor). */
const TILE_CACHE_SIZE = 4_000
const ANSWER_CACHE_SIZE = 2_000

/**
 * Suggestions from memory: products from the in-process search engine (decision 015) and
 * categories, brands and published articles from small indexes. Before every answer the engine
 * applies every committed change (one statement); its revision moves on any change of a product
 * or of any other PIM object (migration 0007's trigger), and the indexes and the tile cache are
 * rebuilt then — a change committed before a request is in its answer.
 */
export function createSearchSuggestService(deps: {
  readonly db: Db
  readonly search: ProductSearch
}): SearchSuggestService {
  const { db, search } = deps
  let indexes: SuggestIndexes | null = null
  let indexesRevision = ''
  let loading: Promise<SuggestIndexes> | null = null
  let loadingRevision = ''
  const tiles = new Map<string, ProductListItem>()
  /** Anonymous answers by language and folded words (the same for every anonymous visitor). */
  const answers = new Map<string, SearchSuggestAnswer>()

  async function freshIndexes(revision: string): Promise<SuggestIndexes> {
    if (indexes && indexesRevision === revision) return indexes
    if (loading && loadingRevision === revision) return loading
    tiles.clear()
    answers.clear()
    loadingRevision = revision
    const load = loadSuggestIndexes(db).then((loaded) => {
      if (loadingRevision === revision) {
        indexes = loaded
        indexesRevision = revision
        loading = null
      }
      return loaded
    })
    load.catch(() => {
      if (loading === load) loading = null
    })
    loading = load
    return load
  }

  async function tilesOf(locale: Locale, ids: readonly number[]): Promise<ProductListItem[]> {
    const missing = ids.filter((id) => !tiles.has(`${locale}:${id}`))
    if (missing.length > 0) {
      const built = await buildProductTiles(db, locale, await loadProductsInOrder(db, missing))
      if (tiles.size + built.length > TILE_CACHE_SIZE) tiles.clear()
      for (const tile of built) tiles.set(`${locale}:${tile.id}`, tile)
    }
    return ids.flatMap((id) => {
      const tile = tiles.get(`${locale}:${id}`)
      return tile ? [tile] : []
    })
  }

  /** The engine's matches for the longest word typed (it narrows most), name order. */
  function findProducts(locale: Locale, queryWords: readonly string[]) {
    const needle = queryWords.reduce((a, b) => (b.length > a.length ? b : a))
    return search.query({
      locale,
      filters: [
        { name: '\u0000suggest', type: 'text', column: '', searchType: 'all', text: needle },
      ],
      sort: 'name',
      page: 1,
      pageSize: PRODUCT_CANDIDATES,
    })
  }

  async function suggestProducts(
    viewer: Viewer,
    locale: Locale,
    queryWords: readonly string[],
    ids: readonly number[],
  ): Promise<SuggestedProduct[]> {
    const candidates = await tilesOf(locale, ids)
    // Names starting with the query first, then names with a word starting so, then the rest the
    // engine found for a single word (its text also holds the brand, model and every language's name).
    const rank = (tile: ProductListItem) => {
      const words = [...wordsOf(tile.name), ...tile.variants.flatMap((v) => wordsOf(v.code))]
      if (!queryWords.every((part) => words.some((word) => word.startsWith(part)))) return 2
      return words[0]?.startsWith(queryWords[0]!) ? 0 : 1
    }
    const chosen = candidates
      .map((tile, order) => ({ tile, order, rank: rank(tile) }))
      // With several words typed, each must start a word of the name or code.
      .filter((item) => item.rank < 2 || queryWords.length === 1)
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .slice(0, SUGGEST_LIMITS.products)
      .map(({ tile }) => tile)
    const priced = await withViewerPrices(db, locale, chosen, viewer)
    return priced.map((tile) => ({
      id: tile.id,
      name: tile.name,
      url: tile.url,
      thumbnail: tile.colors[0]?.thumbnail ?? null,
      ...(tile.price ? { price: tile.price } : {}),
    }))
  }

  return {
    async suggest(viewer, locale, q) {
      const queryWords = wordsOf(q)
      const empty: SearchSuggestAnswer = {
        query: q,
        products: [],
        categories: [],
        brands: [],
        articles: [],
      }
      if (queryWords.length === 0) return empty
      // Asked together, both share the engine's one freshness check.
      const [revision, { ids }] = await Promise.all([
        search.revision(),
        findProducts(locale, queryWords),
      ])
      const current = await freshIndexes(revision)
      const anonymous = !isSignedIn(viewer)
      const key = `${locale}\u0000${queryWords.join(' ')}`
      const kept = anonymous ? answers.get(key) : undefined
      if (kept) return { ...kept, query: q }
      const products = await suggestProducts(viewer, locale, queryWords, ids)
      const pick = (group: 'categories' | 'brands' | 'articles') =>
        findByPrefix(current[group][locale], queryWords, SUGGEST_LIMITS[group]).map(
          ({ id, name, url }) => ({ id, name, url }),
        )
      const answer = {
        query: q,
        products,
        categories: pick('categories'),
        brands: pick('brands'),
        articles: pick('articles'),
      }
      // Kept only while the revision holds (freshIndexes empties it), and never with prices.
      if (anonymous && indexesRevision === revision) {
        if (answers.size >= ANSWER_CACHE_SIZE) answers.clear()
        answers.set(key, answer)
      }
      return answer
    },
  }
}
