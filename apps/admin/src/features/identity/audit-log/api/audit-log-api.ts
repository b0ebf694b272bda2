import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { AuditLogEntrySchema } from '@optika/domain/admin/users-api'
import { getJson } from '../../../../lib/api-client.ts'

export interface AuditLogFilters {
  actorId: string | null
  action: string
  entityType: string
  /** yyyy-mm-dd, inclusive */
  from: string
  to: string
}

export const AUDIT_LOG_PAGE_SIZE = 50

/** The query string of GET /admin/audit-log/list; dates become whole days in UTC. */
export function toAuditLogQuery(filters: AuditLogFilters, page: number): URLSearchParams {
  const query = new URLSearchParams({ page: String(page), limit: String(AUDIT_LOG_PAGE_SIZE) })
  if (filters.actorId !== null && filters.actorId !== '') query.set('actorId', filters.actorId)
  if (filters.action.trim() !== '') query.set('action', filters.action.trim())
  if (filters.entityType.trim() !== '') query.set('entityType', filters.entityType.trim())
  if (filters.from !== '') query.set('from', `${filters.from}T00:00:00.000Z`)
  if (filters.to !== '') query.set('to', `${filters.to}T23:59:59.999Z`)
  return query
}

const PageSchema = z.object({
  entries: z.array(AuditLogEntrySchema),
  total: z.number().int(),
})

/** Reads a page, whether the server names its list `entries`, `items` or `data`. */
function readPage(body: unknown): z.infer<typeof PageSchema> {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const list = Array.isArray(body)
    ? body
    : (record.entries ?? record.items ?? record.data ?? record.rows ?? [])
  const total = record.total ?? record.totalCount ?? (Array.isArray(list) ? list.length : 0)
  return PageSchema.parse({ entries: list, total })
}

export function useAuditLog(filters: AuditLogFilters, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit-log', filters, page],
    queryFn: async () =>
      readPage(await getJson(`/admin/audit-log/list?${toAuditLogQuery(filters, page).toString()}`)),
    placeholderData: keepPreviousData,
  })
}
