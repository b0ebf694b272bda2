import type { Db } from '../../db/client.ts'
import {
  queryProductIndex,
  type ProductIndexQuery,
  type ProductIndexResult,
} from '../product-index/query-product-index.ts'

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
  /** Stops background work (timers); the app calls it on close. */
  close(): void
}

/** Contract stub: answers from SQL (`queryProductIndex`); the search feature replaces it. */
export function createProductSearch(db: Db): ProductSearch {
  return {
    query: (query) => queryProductIndex(db, query),
    otherCategories: async () => [],
    close: () => {},
  }
}
