import { inArray } from 'drizzle-orm'
import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import type { ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { priceOf, pricingFor } from '../product-list/list-prices.ts'
import { loadPublishedPriceList } from './published-price-list.ts'

/**
 * Tiles with the prices `viewer` sees, read from the product index by the category list's own
 * rule (`pricingFor`/`priceOf`), so the home page, search and the category list never disagree.
 * Anonymous visitors' tiles stay without prices (seed section 6).
 */
export async function withViewerPrices(
  db: Db,
  locale: Locale,
  tiles: readonly ProductListItem[],
  viewer: Viewer,
): Promise<(ProductListItem & Pick<ProductsListProduct, 'price'>)[]> {
  if (!isSignedIn(viewer) || tiles.length === 0) return [...tiles]
  const [priceList, rows] = await Promise.all([
    viewer.priceListId === null ? null : loadPublishedPriceList(db, viewer.priceListId),
    db
      .select({ id: productIndex.productId, prices: productIndex.prices })
      .from(productIndex)
      .where(
        inArray(
          productIndex.productId,
          tiles.map((tile) => tile.id),
        ),
      ),
  ])
  const pricing = pricingFor(viewer, locale, priceList)
  if (!pricing) return [...tiles]
  const prices = new Map(rows.map((row) => [row.id, priceOf(row.prices, pricing)]))
  return tiles.map((tile) => {
    const price = prices.get(tile.id)
    return price ? { ...tile, price } : tile
  })
}
