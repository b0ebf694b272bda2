import { desc, sql } from 'drizzle-orm'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import {
  ANONYMOUS,
  buildProductTiles,
  loadProductsInOrder,
  type Audience,
} from './product-tiles.ts'

/**
 * Products for the home page from the product index: those marked featured, newest first,
 * topped up with the newest other products so the shop window is never half empty.
 */
export async function listFeaturedProducts(
  db: Db,
  locale: Locale,
  limit: number,
  audience: Audience = ANONYMOUS,
): Promise<ProductListItem[]> {
  const rows = await db
    .select({ id: productIndex.productId })
    .from(productIndex)
    .orderBy(
      desc(productIndex.featured),
      sql`${productIndex.releasedAt} desc nulls last`,
      desc(productIndex.productId),
    )
    .limit(limit)
  const products = await loadProductsInOrder(
    db,
    rows.map((row) => row.id),
  )
  return buildProductTiles(db, locale, products, audience)
}
