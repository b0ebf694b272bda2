import { generateUrl } from '@optika/domain/routing/routes'
import type { DealerSearchQuery } from '@optika/domain/community/dealer-api'

/**
 * The dealer page's address → the search's input (DealerSearchQuerySchema parses it). The place
 * searched for is `address` (the API's `q`; the header's product search owns `q` on every page,
 * and `q` is still read for links written by hand). The page's
 * GET form sends each ticked filter as its own `brand`/`service` field (it works without
 * JavaScript); links and the API join them with `_` in `brands`/`services`. Both are read.
 */
export function readDealerSearch(search: URLSearchParams): Record<string, string> {
  const joined = (single: string, plural: string): string =>
    [...new Set([...search.getAll(single), ...(search.get(plural) ?? '').split('_')])]
      .map((value) => value.trim())
      .filter(Boolean)
      .join('_')
  const input: Record<string, string> = {
    q: search.get('address') ?? search.get('q') ?? '',
    brands: joined('brand', 'brands'),
    services: joined('service', 'services'),
  }
  for (const name of ['lat', 'lng', 'page'] as const) {
    const value = search.get(name)
    if (value !== null && value.trim() !== '') input[name] = value
  }
  return input
}

/** The dealer page's address for a search (`page` 1 and empty values are left out). */
export function dealerSearchUrl(
  locale: string,
  query: Pick<DealerSearchQuery, 'q' | 'lat' | 'lng' | 'services'> & {
    readonly brands: string
    readonly page?: number
  },
): string {
  return generateUrl('dealers', {
    locale,
    address: query.q,
    lat: query.lat,
    lng: query.lng,
    brands: query.brands,
    services: query.services.join('_'),
    page: query.page && query.page > 1 ? query.page : undefined,
  })
}
