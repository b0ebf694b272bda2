import { ANONYMOUS_VIEWER, isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import type { ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { getCategory, type CategoryDetail } from './get-category.ts'
import { getProduct, type ProductDetail } from './get-product.ts'
import { listCategoryProducts } from './list-category-products.ts'
import { listCategoryTree, type CategoryTreeNode } from './list-category-tree.ts'
import { listFeaturedProducts } from './list-featured-products.ts'
import { searchProducts } from './search-products.ts'
import { withViewerPrices } from './viewer-tile-prices.ts'

/** A tile as a viewer sees it: signed-in viewers' tiles carry their price and status badges. */
export type ViewerTile = ProductListItem & Pick<ProductsListProduct, 'price'>

/**
 * The catalogue reads the storefront's pages use, bound to one database. The language is an
 * argument because a page's language comes from its URL, not from the visitor's cookie.
 */
export interface CatalogueReads {
  listCategoryTree(locale: Locale): Promise<CategoryTreeNode[]>
  /** The home page's shop window, priced for `viewer` like the category list. */
  listFeaturedProducts(locale: Locale, limit: number, viewer?: Viewer): Promise<ViewerTile[]>
  getCategory(locale: Locale, id: number): Promise<CategoryDetail | null>
  listCategoryProducts(
    locale: Locale,
    categoryId: number,
    options: { limit: number },
  ): Promise<ProductListItem[]>
  getProduct(locale: Locale, id: number): Promise<ProductDetail | null>
  searchProducts(locale: Locale, q: string, limit: number, viewer?: Viewer): Promise<ViewerTile[]>
}

export function createCatalogueReads(db: Db): CatalogueReads {
  return {
    listCategoryTree: (locale) => listCategoryTree(db, locale),
    listFeaturedProducts: async (locale, limit, viewer = ANONYMOUS_VIEWER) =>
      withViewerPrices(
        db,
        locale,
        await listFeaturedProducts(db, locale, limit, { loggedIn: isSignedIn(viewer) }),
        viewer,
      ),
    getCategory: (locale, id) => getCategory(db, locale, id),
    listCategoryProducts: (locale, categoryId, options) =>
      listCategoryProducts(db, locale, categoryId, options),
    getProduct: (locale, id) => getProduct(db, locale, id),
    searchProducts: async (locale, q, limit, viewer = ANONYMOUS_VIEWER) =>
      withViewerPrices(
        db,
        locale,
        await searchProducts(db, locale, q, limit, { loggedIn: isSignedIn(viewer) }),
        viewer,
      ),
  }
}
