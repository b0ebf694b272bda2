import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  AdminOrderDetailSchema,
  AdminOrderListSchema,
  type OrderStatusInput,
  type ShipmentInput,
} from '@optika/domain/commerce/admin-orders-api'
import { getJson, readJsonBody, sendJson, toApiError } from '../../../../lib/api-client.ts'
import { toListQuery, type OrderFilters } from '../model/order-filters.ts'

export const ordersKeys = {
  all: ['admin', 'orders'] as const,
  list: (query: string) => ['admin', 'orders', 'list', query] as const,
  detail: (id: number) => ['admin', 'orders', 'detail', id] as const,
}

export function useOrderList(filters: OrderFilters) {
  const query = toListQuery(filters).toString()
  return useQuery({
    queryKey: ordersKeys.list(query),
    queryFn: async () => AdminOrderListSchema.parse(await getJson(`/admin/orders?${query}`)),
    placeholderData: keepPreviousData,
  })
}

/** The address of the export download for the same filters (a plain link: the browser saves it). */
export function exportUrl(filters: OrderFilters, format: 'csv' | 'xlsx'): string {
  const query = toListQuery(filters)
  query.delete('page')
  query.delete('limit')
  return `/admin/orders/export.${format}?${query.toString()}`
}

export function useOrderDetail(id: number) {
  return useQuery({
    queryKey: ordersKeys.detail(id),
    queryFn: async () => AdminOrderDetailSchema.parse(await getJson(`/admin/orders/${id}`)),
  })
}

export async function changeStatus(id: number, input: OrderStatusInput) {
  return AdminOrderDetailSchema.parse(await sendJson('POST', `/admin/orders/${id}/status`, input))
}

export async function recordShipment(id: number, input: ShipmentInput) {
  return AdminOrderDetailSchema.parse(
    await sendJson('POST', `/admin/orders/${id}/shipments`, input),
  )
}

export async function saveNote(id: number, note: string) {
  return AdminOrderDetailSchema.parse(await sendJson('PUT', `/admin/orders/${id}/note`, { note }))
}

/** POST /admin/orders/{id}/attachments: one file (the server checks what it really is). */
export async function uploadAttachment(id: number, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  const response = await fetch(`/admin/orders/${id}/attachments`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
  return AdminOrderDetailSchema.parse(body)
}

export async function deleteAttachment(id: number, attachmentId: number) {
  return AdminOrderDetailSchema.parse(
    await sendJson('DELETE', `/admin/orders/${id}/attachments/${attachmentId}`),
  )
}
