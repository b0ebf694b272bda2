import { asc } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { productIndex, productIndexVariants } from '../../platform/db/schema/pim.ts'
import { INDEX_CHUNK, indexProducts, loadIndexContext } from './build-index-rows.ts'
import { recordWholeIndexChanged } from './update-product-index.ts'
import { isPublishedProduct } from '../reads/published-product.ts'

export interface RebuildProgress {
  readonly done: number
  readonly total: number
}

/**
 * Empties the product index and indexes every published product again, chunk by chunk, in one
 * transaction: readers see the old index until the new one is complete, and the rows are the
 * same as incremental indexing writes (both use `indexProducts`).
 */
export async function rebuildProductIndex(
  db: Db,
  options: { onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildProgress> {
  return db.transaction(async (tx) => {
    await tx.delete(productIndexVariants)
    await tx.delete(productIndex)
    // Every in-process search engine reloads the whole index once this commits.
    await recordWholeIndexChanged(tx)
    const rows = await tx
      .select({ id: objects.id })
      .from(objects)
      .where(isPublishedProduct())
      .orderBy(asc(objects.id))
    const ids = rows.map((row) => row.id)
    const context = await loadIndexContext(tx)
    let done = 0
    options.onProgress?.({ done, total: ids.length })
    for (let start = 0; start < ids.length; start += INDEX_CHUNK) {
      done += await indexProducts(tx, ids.slice(start, start + INDEX_CHUNK), context)
      options.onProgress?.({ done, total: ids.length })
    }
    return { done, total: ids.length }
  })
}
