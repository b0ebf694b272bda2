import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { generateUrl } from '@optika/domain/routing/routes'

/** A list request the server refused or that never got an answer. */
export class ProductsRequestError extends Error {
  readonly status: number
  constructor(status: number) {
    super(`GET /api/products failed with status ${status}`)
    this.name = 'ProductsRequestError'
    this.status = status
  }
}

/**
 * GET /api/products (seed section 7). The API answers in the language of the `locale` cookie the
 * storefront pages set, so titles and names match the page.
 */
export async function fetchProducts(
  params: URLSearchParams,
  signal: AbortSignal,
): Promise<ProductsResponse> {
  const response = await fetch(`${generateUrl('api_products')}?${params.toString()}`, {
    signal,
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
  if (!response.ok) throw new ProductsRequestError(response.status)
  return (await response.json()) as ProductsResponse
}
