import {
  BUYER_KINDS,
  ORDER_SORTS,
  type AdminOrderFilters,
} from '@optika/domain/commerce/admin-orders-api'
import { PAYMENT_KINDS } from '@optika/domain/commerce/checkout-vocabulary'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import { CURRENCIES } from '@optika/domain/commerce/currencies'
import { ORDER_STATUSES } from '@optika/domain/commerce/order-status'

/** The orders list's filters, kept in the address so a reload or a shared link keeps them. */
export interface OrderFilters {
  search: string
  status: string
  from: string
  to: string
  country: string
  currency: string
  paymentKind: string
  buyerKind: string
  sort: AdminOrderFilters['sort']
  order: 'asc' | 'desc'
  page: number
}

export const ORDERS_PAGE_SIZE = 20

/** The select-like filters: each one of a fixed list, '' meaning all. */
export const CHOICE_FILTERS = {
  status: ORDER_STATUSES,
  country: COUNTRIES,
  currency: CURRENCIES,
  paymentKind: PAYMENT_KINDS,
  buyerKind: BUYER_KINDS,
} as const

type ChoiceFilter = keyof typeof CHOICE_FILTERS

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : ''
}

function day(value: string | null): string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''
}

/** Reads the filters from the address; anything unknown falls back to "all" / newest first. */
export function readFilters(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'))
  const choices = Object.fromEntries(
    (Object.keys(CHOICE_FILTERS) as ChoiceFilter[]).map((key) => [
      key,
      oneOf(params.get(key), CHOICE_FILTERS[key]),
    ]),
  ) as Record<ChoiceFilter, string>
  return {
    search: params.get('search') ?? '',
    ...choices,
    from: day(params.get('from')),
    to: day(params.get('to')),
    sort: oneOf(params.get('sort'), ORDER_SORTS) || 'createdAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The filters as the address's query (defaults left out). */
export function writeFilters(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.search.trim() !== '') params.set('search', filters.search)
  for (const key of Object.keys(CHOICE_FILTERS) as ChoiceFilter[]) {
    if (filters[key] !== '') params.set(key, filters[key])
  }
  if (filters.from !== '') params.set('from', filters.from)
  if (filters.to !== '') params.set('to', filters.to)
  if (filters.sort !== 'createdAt') params.set('sort', filters.sort)
  if (filters.order !== 'desc') params.set('order', filters.order)
  if (filters.page !== 1) params.set('page', String(filters.page))
  return params
}

/** The query string of GET /admin/orders for the filters. */
export function toListQuery(filters: OrderFilters): URLSearchParams {
  const query = writeFilters({ ...filters, search: filters.search.trim() })
  query.set('sort', filters.sort)
  query.set('order', filters.order)
  query.set('page', String(filters.page))
  query.set('limit', String(ORDERS_PAGE_SIZE))
  return query
}
