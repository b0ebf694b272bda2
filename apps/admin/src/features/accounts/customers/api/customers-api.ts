import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  ComplaintDetailSchema,
  ComplaintListSchema,
  CustomerDetailSchema,
  CustomerListItemSchema,
  CustomerListSchema,
  ImpersonationSchema,
  PriceListOptionSchema,
  type ApprovePartnerInput,
  type ComplaintState,
} from '@optika/domain/accounts/admin-customers-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import { toListQuery, type ListFilters } from '../model/list-filters.ts'

export const customersKeys = {
  all: ['admin', 'customers'] as const,
  list: (scope: 'customers' | 'partners', query: string) =>
    ['admin', 'customers', 'list', scope, query] as const,
  detail: (id: number) => ['admin', 'customers', 'detail', id] as const,
  queue: ['admin', 'customers', 'queue'] as const,
  priceLists: ['admin', 'customers', 'price-lists'] as const,
  complaints: (state: string, page: number) =>
    ['admin', 'customers', 'complaints', state, page] as const,
  complaint: (id: number) => ['admin', 'customers', 'complaint', id] as const,
}

/** The API area a list reads: customers (`customers` key) or partners only (`partners` key). */
const LIST_URL = { customers: '/admin/customers/list', partners: '/admin/partners/list' } as const

export function useCustomerList(scope: 'customers' | 'partners', filters: ListFilters) {
  const query = toListQuery(filters).toString()
  return useQuery({
    queryKey: customersKeys.list(scope, query),
    queryFn: async () => CustomerListSchema.parse(await getJson(`${LIST_URL[scope]}?${query}`)),
    placeholderData: keepPreviousData,
  })
}

/** The address of the export download for the same filters (a plain link: the browser saves it). */
export function exportUrl(filters: ListFilters, format: 'csv' | 'xlsx'): string {
  const query = toListQuery(filters)
  query.delete('page')
  query.delete('limit')
  query.set('format', format)
  return `/admin/customers/export?${query.toString()}`
}

export function useCustomerDetail(id: number) {
  return useQuery({
    queryKey: customersKeys.detail(id),
    queryFn: async () => CustomerDetailSchema.parse(await getJson(`/admin/customers/${id}`)),
  })
}

export async function sendResetLink(id: number): Promise<void> {
  await sendJson('POST', `/admin/customers/${id}/send-password-reset`)
}

export async function setModerator(id: number, isModerator: boolean): Promise<void> {
  await sendJson('PUT', `/admin/customers/${id}/moderator`, { isModerator })
}

export async function impersonate(id: number): Promise<string> {
  return ImpersonationSchema.parse(await sendJson('POST', `/admin/customers/${id}/impersonate`)).url
}

export function usePartnerQueue() {
  return useQuery({
    queryKey: customersKeys.queue,
    queryFn: async () => CustomerListSchema.parse(await getJson('/admin/partners/queue')),
  })
}

export function usePriceLists(enabled: boolean) {
  return useQuery({
    queryKey: customersKeys.priceLists,
    queryFn: async () =>
      z.array(PriceListOptionSchema).parse(await getJson('/admin/partners/price-lists')),
    enabled,
  })
}

export async function approvePartner(id: number, input: ApprovePartnerInput) {
  return CustomerListItemSchema.parse(
    await sendJson('POST', `/admin/partners/${id}/approve`, input),
  )
}

export async function rejectPartner(id: number, reason: string) {
  return CustomerListItemSchema.parse(
    await sendJson('POST', `/admin/partners/${id}/reject`, { reason }),
  )
}

export const COMPLAINTS_PAGE_SIZE = 20

export function useComplaints(state: string, page: number) {
  return useQuery({
    queryKey: customersKeys.complaints(state, page),
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(page), limit: String(COMPLAINTS_PAGE_SIZE) })
      if (state !== '') query.set('state', state)
      return ComplaintListSchema.parse(await getJson(`/admin/complaints/list?${query.toString()}`))
    },
    placeholderData: keepPreviousData,
  })
}

export function useComplaint(id: number) {
  return useQuery({
    queryKey: customersKeys.complaint(id),
    queryFn: async () => ComplaintDetailSchema.parse(await getJson(`/admin/complaints/${id}`)),
  })
}

export async function changeComplaintState(id: number, state: ComplaintState) {
  return ComplaintDetailSchema.parse(
    await sendJson('POST', `/admin/complaints/${id}/state`, { state }),
  )
}

export async function replyToComplaint(id: number, text: string) {
  return ComplaintDetailSchema.parse(
    await sendJson('POST', `/admin/complaints/${id}/messages`, { text }),
  )
}
