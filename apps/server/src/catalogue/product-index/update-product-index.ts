import { and, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import {
  productIndex,
  productIndexChanges,
  productIndexVariants,
} from '../../platform/db/schema/pim.ts'
import { bigintArray, indexProducts, loadIndexContext } from './build-index-rows.ts'

interface TreeRow {
  id: number
  type: string
  classId: string | null
  parentId: number | null
}

/** Sorts what changed into the products whose index rows depend on it. */
function collect(rows: readonly TreeRow[], products: Set<number>, categories: Set<number>) {
  let allProducts = false
  for (const row of rows) {
    if (row.classId === 'Product' && row.type === 'object') products.add(row.id)
    else if (row.classId === 'Product' && row.type === 'variant' && row.parentId !== null)
      products.add(row.parentId)
    else if (row.classId === 'Category') categories.add(row.id)
    else if (row.classId === 'PriceList') allProducts = true
  }
  return allProducts
}

/**
 * Brings the product index up to date after objects changed, in the caller's transaction so the
 * storefront sees the change at once. `objectIds` may name products, variants, categories, price
 * lists or folders (a folder re-indexes every product below it; a category change re-indexes its
 * products, e.g. a moved category changes their ancestors); ids that no longer exist or are
 * unpublished remove their products from the index.
 */
/** Ids per lookup: bind parameters stay far below PostgreSQL's limit of 65,535. */
const LOOKUP_CHUNK = 5000

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = []
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size))
  return chunks
}

/** Keeps only the outermost subtree prefixes: a moved folder's descendants add nothing. */
function outermost(prefixes: readonly string[]): string[] {
  const kept: string[] = []
  for (const prefix of [...new Set(prefixes)].sort()) {
    const last = kept.at(-1)
    if (last === undefined || !prefix.startsWith(last)) kept.push(prefix)
  }
  return kept
}

/**
 * Brings the product index up to date after objects changed, in the caller's transaction so the
 * storefront sees the change at once. `objectIds` may name products, variants, categories, price
 * lists or folders (a folder re-indexes every product below it; a category change re-indexes its
 * products, e.g. a moved category changes their ancestors); ids that no longer exist or are
 * unpublished remove their products from the index.
 */
export async function updateProductIndex(tx: Db, objectIds: readonly number[]): Promise<void> {
  const changed = [...new Set(objectIds)]
  if (changed.length === 0) return
  const products = new Set<number>()
  const categories = new Set<number>()
  const gone = new Set<number>()
  const found: (TreeRow & { path: string; key: string })[] = []

  for (const chunk of chunksOf(changed, LOOKUP_CHUNK)) {
    // Rows already indexed for these ids (covers deleted products and variants).
    const indexed = await tx
      .select({ id: productIndex.productId })
      .from(productIndex)
      .where(inArray(productIndex.productId, chunk))
    for (const row of indexed) products.add(row.id)
    const indexedVariants = await tx
      .select({ id: productIndexVariants.variantId, productId: productIndexVariants.productId })
      .from(productIndexVariants)
      .where(inArray(productIndexVariants.variantId, chunk))
    for (const row of indexedVariants) products.add(row.productId)
    const rows = await tx
      .select({
        id: objects.id,
        type: objects.type,
        classId: objects.classId,
        parentId: objects.parentId,
        path: objects.path,
        key: objects.key,
      })
      .from(objects)
      .where(inArray(objects.id, chunk))
    found.push(...rows)
    const known = new Set([
      ...rows.map((r) => r.id),
      ...indexed.map((r) => r.id),
      ...indexedVariants.map((r) => r.id),
    ])
    for (const id of chunk) if (!known.has(id)) gone.add(id)
  }
  let allProducts = collect(found, products, categories)

  // Everything below a changed element: a moved or unpublished folder changes its products too.
  const prefixes = outermost(
    found.map((row) => {
      const full = `${row.path}${row.key}`
      return full.endsWith('/') ? full : `${full}/`
    }),
  )
  for (const chunk of chunksOf(prefixes, 200)) {
    const below = await tx
      .select({
        id: objects.id,
        type: objects.type,
        classId: objects.classId,
        parentId: objects.parentId,
      })
      .from(objects)
      .where(or(...chunk.map((prefix) => like(objects.path, `${escapeLike(prefix)}%`))))
    allProducts = collect(below, products, categories) || allProducts
  }

  if (allProducts) {
    const every = await tx
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.classId, 'Product'), eq(objects.type, 'object')))
    for (const row of every) products.add(row.id)
  } else {
    // Indexed rows list every ancestor, so this finds the products of a whole moved branch; a
    // deleted category is gone from `objects` but its id still sits in the rows filed under it.
    for (const chunk of chunksOf([...categories, ...gone], LOOKUP_CHUNK)) {
      const inIndex = await tx
        .select({ id: productIndex.productId })
        .from(productIndex)
        .where(sql`${productIndex.categoryIds} && ${bigintArray(chunk)}`)
      for (const row of inIndex) products.add(row.id)
    }
    // Products not indexed yet that are filed in a changed category.
    for (const chunk of chunksOf([...categories], 100)) {
      const filed = await tx
        .select({ id: objects.id })
        .from(objects)
        .where(
          and(
            eq(objects.classId, 'Product'),
            eq(objects.type, 'object'),
            or(
              ...chunk.map(
                (id) => sql`${objects.data}->'categoryIds' @> ${JSON.stringify([id])}::jsonb`,
              ),
            ),
          ),
        )
      for (const row of filed) products.add(row.id)
    }
  }

  if (products.size === 0) return
  const touched = [...products].sort((a, b) => a - b)
  await indexProducts(tx, touched, await loadIndexContext(tx))
  await recordIndexChanges(tx, touched)
}

/**
 * The `product_id` of a change row that means "the whole index changed" (object ids start at 1):
 * in-process search engines reload everything instead of reading 100,000 rows one by one.
 */
export const WHOLE_INDEX_CHANGED = 0

/**
 * The `product_id` of a change row that means "something a list shows besides product rows
 * changed" (a category, filter definition, brand, price list or folder): written by the
 * `objects` trigger of migration 0007, it makes engines drop cached answers without reloading.
 */
export const CATALOGUE_CHANGED = -1

/** Above this many products one "whole index" row replaces the per-product rows. */
const WHOLE_INDEX_THRESHOLD = 20_000

/**
 * Appends the touched products (re-indexed or removed) to `product_index_changes` in the caller's
 * transaction, so every process's search engine reloads exactly them once the transaction commits.
 */
export async function recordIndexChanges(tx: Db, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return
  if (productIds.length > WHOLE_INDEX_THRESHOLD) return recordWholeIndexChanged(tx)
  for (const chunk of chunksOf(productIds, LOOKUP_CHUNK)) {
    await tx.insert(productIndexChanges).values(chunk.map((productId) => ({ productId })))
  }
}

/** Tells every search engine to reload the whole index (e.g. after `npm run index:rebuild`). */
export async function recordWholeIndexChanged(tx: Db): Promise<void> {
  await tx.insert(productIndexChanges).values({ productId: WHOLE_INDEX_CHANGED })
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
