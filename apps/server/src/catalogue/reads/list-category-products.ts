import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { queryProductIndex } from '../product-index/query-product-index.ts'
import { loadPublishedCategories } from './published-categories.ts'
import {
  ANONYMOUS,
  buildProductTiles,
  loadProductsInOrder,
  type Audience,
} from './product-tiles.ts'

/**
 * Published products filed in the category (and below it, unless the category says otherwise),
 * newest release first, from the product index. An unknown or hidden category has no products.
 */
export async function listCategoryProducts(
  db: Db,
  locale: Locale,
  categoryId: number,
  options: { limit: number; audience?: Audience },
): Promise<ProductListItem[]> {
  const categories = await loadPublishedCategories(db, locale)
  const category = categories.byId.get(categoryId)
  if (!category) return []
  const { ids } = await queryProductIndex(db, {
    locale,
    filedInAnyOf:
      category.data.showSubcategoryProducts === false
        ? [categoryId]
        : categories.subtreeIds(categoryId),
    sort: 'new',
    pageSize: options.limit,
  })
  const products = await loadProductsInOrder(db, ids)
  return buildProductTiles(db, locale, products, options.audience ?? ANONYMOUS)
}
