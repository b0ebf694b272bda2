import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { getCategory, type CategoryDetail } from './get-category.ts'
import { getProduct, type ProductDetail } from './get-product.ts'
import { listCategoryProducts } from './list-category-products.ts'
import { listCategoryTree, type CategoryTreeNode } from './list-category-tree.ts'
import { listFeaturedProducts } from './list-featured-products.ts'
import { searchProducts } from './search-products.ts'

/**
 * The catalogue reads the storefront's pages use, bound to one database. The language is an
 * argument because a page's language comes from its URL, not from the visitor's cookie.
 */
export interface CatalogueReads {
  listCategoryTree(locale: Locale): Promise<CategoryTreeNode[]>
  listFeaturedProducts(locale: Locale, limit: number): Promise<ProductListItem[]>
  getCategory(locale: Locale, id: number): Promise<CategoryDetail | null>
  listCategoryProducts(
    locale: Locale,
    categoryId: number,
    options: { limit: number },
  ): Promise<ProductListItem[]>
  getProduct(locale: Locale, id: number): Promise<ProductDetail | null>
  searchProducts(locale: Locale, q: string, limit: number): Promise<ProductListItem[]>
}

export function createCatalogueReads(db: Db): CatalogueReads {
  return {
    listCategoryTree: (locale) => listCategoryTree(db, locale),
    listFeaturedProducts: (locale, limit) => listFeaturedProducts(db, locale, limit),
    getCategory: (locale, id) => getCategory(db, locale, id),
    listCategoryProducts: (locale, categoryId, options) =>
      listCategoryProducts(db, locale, categoryId, options),
    getProduct: (locale, id) => getProduct(db, locale, id),
    searchProducts: (locale, q, limit) => searchProducts(db, locale, q, limit),
  }
}
