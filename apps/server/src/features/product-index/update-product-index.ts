import type { Db } from '../../db/client.ts'

/**
 * Brings the product index up to date after objects changed, in the caller's transaction so the
 * storefront sees the change at once. `objectIds` may name products, variants or categories (a
 * category change re-indexes its products, e.g. a moved category changes their ancestors); ids
 * that no longer exist or are unpublished remove their products from the index.
 */
export async function updateProductIndex(tx: Db, objectIds: readonly number[]): Promise<void> {
  void tx
  void objectIds
  throw new Error('updateProductIndex: not implemented yet')
}
