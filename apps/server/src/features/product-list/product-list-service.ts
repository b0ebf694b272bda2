import type { Viewer } from '@optika/domain/accounts/viewer'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../db/client.ts'
import type { Translator } from '../i18n/translator.ts'
import type { ProductSearch } from '../product-search/product-search.ts'

export interface ProductListInput {
  readonly locale: Locale
  readonly viewer: Viewer
  /** The request's query string: cid, p, sort, limit, searchin and one parameter per filter. */
  readonly params: URLSearchParams
}

/** `GET /api/products` and the category page's first render: one answer for both. */
export interface ProductListService {
  /** Throws AppError 400/404 (translated) for bad input; never a 500 for any query string. */
  list(input: ProductListInput): Promise<ProductsResponse>
}

export interface ProductListDeps {
  readonly db: Db
  readonly translator: Translator
  readonly search: ProductSearch
}

/** Contract stub: the product-list feature implements it. */
export function createProductListService(_deps: ProductListDeps): ProductListService {
  return {
    list: async () => {
      throw new Error('not implemented')
    },
  }
}
