import {
  CUSTOMER_KINDS,
  CUSTOMER_SORTS,
  PARTNER_STATUSES,
} from '@optika/domain/accounts/admin-customers-api'
import { COUNTRIES } from '@optika/domain/commerce/countries'

/** A customers list's filters, kept in the address so a reload or a shared link keeps them. */
export interface ListFilters {
  search: string
  kind: string
  partnerStatus: string
  country: string
  sort: (typeof CUSTOMER_SORTS)[number]
  order: 'asc' | 'desc'
  page: number
}

export const LIST_PAGE_SIZE = 20

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : ''
}

/** Reads the filters from the address; anything unknown falls back to "all" / newest first. */
export function readFilters(params: URLSearchParams): ListFilters {
  const sort = oneOf(params.get('sort'), CUSTOMER_SORTS) || 'createdAt'
  const page = Number(params.get('page'))
  return {
    search: params.get('search') ?? '',
    kind: oneOf(params.get('kind'), CUSTOMER_KINDS),
    partnerStatus: oneOf(params.get('partnerStatus'), PARTNER_STATUSES),
    country: oneOf(params.get('country'), COUNTRIES),
    sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The filters as the address's query (defaults left out). */
export function writeFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.search.trim() !== '') params.set('search', filters.search)
  if (filters.kind !== '') params.set('kind', filters.kind)
  if (filters.partnerStatus !== '') params.set('partnerStatus', filters.partnerStatus)
  if (filters.country !== '') params.set('country', filters.country)
  if (filters.sort !== 'createdAt') params.set('sort', filters.sort)
  if (filters.order !== 'desc') params.set('order', filters.order)
  if (filters.page !== 1) params.set('page', String(filters.page))
  return params
}

/** The query string of GET /admin/customers/list for the filters. */
export function toListQuery(filters: ListFilters): URLSearchParams {
  const query = writeFilters({ ...filters, search: filters.search.trim() })
  query.set('sort', filters.sort)
  query.set('order', filters.order)
  query.set('page', String(filters.page))
  query.set('limit', String(LIST_PAGE_SIZE))
  return query
}
