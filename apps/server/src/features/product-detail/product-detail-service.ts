import type { Viewer } from '@optika/domain/accounts/viewer'
import type { ProductDetail, ProductImages } from '@optika/domain/catalogue/product-detail-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../db/client.ts'
import type { Translator } from '../i18n/translator.ts'

export interface ProductDetailService {
  /**
   * The product page's data for `viewer`; null when there is no such published product. `query`
   * is the page URL's query: `variant`, `cid` and the list's filter parameters.
   */
  get(
    locale: Locale,
    id: number,
    viewer: Viewer,
    query: URLSearchParams,
  ): Promise<ProductDetail | null>
  /** GET /api/product/images/{id}; null when unknown or unpublished. */
  images(locale: Locale, id: number): Promise<ProductImages | null>
}

export interface ProductDetailDeps {
  readonly db: Db
  readonly translator: Translator
}

export function createProductDetailService(_deps: ProductDetailDeps): ProductDetailService {
  return { get: async () => null, images: async () => null }
}
