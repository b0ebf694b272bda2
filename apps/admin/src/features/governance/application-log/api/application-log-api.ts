import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  AppLogComponentsSchema,
  AppLogEntrySchema,
  AppLogPageSchema,
} from '@optika/domain/operations/application-log'
import { getJson, readJsonBody, toApiError } from '../../../../lib/api-client.ts'

export const APP_LOG_PAGE_SIZE = 25
const BASE = '/admin/bundle/applicationlogger/log'
/** How often the list refreshes itself when asked to (only while the tab is visible). */
const AUTO_REFRESH_MS = 10_000

export type AppLogSort = 'newest' | 'oldest' | 'severest' | 'component'

export interface AppLogFilters {
  readonly q: string
  readonly priority: string
  readonly priorityMode: 'atLeast' | 'exactly'
  readonly component: string
  readonly elementType: '' | 'object' | 'asset' | 'document'
  readonly elementId: string
  readonly from: string
  readonly until: string
  readonly requestId: string
  readonly sort: AppLogSort
  readonly page: number
}

export const appLogKeys = {
  all: ['admin', 'application-log'] as const,
  list: (filters: AppLogFilters) => ['admin', 'application-log', 'list', filters] as const,
  entry: (id: number) => ['admin', 'application-log', 'entry', id] as const,
  fileObject: (id: number) => ['admin', 'application-log', 'file-object', id] as const,
  components: ['admin', 'application-log', 'components'] as const,
}

const SORTS: Record<AppLogSort, { sort: string; dir: string }> = {
  newest: { sort: 'at', dir: 'desc' },
  oldest: { sort: 'at', dir: 'asc' },
  severest: { sort: 'priority', dir: 'asc' },
  component: { sort: 'component', dir: 'asc' },
}

/** A date-time field's local value as an instant the server reads the same in any time zone. */
function instantOf(local: string): string {
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? local : date.toISOString()
}

export function appLogQuery(filters: AppLogFilters): URLSearchParams {
  const params = new URLSearchParams({
    limit: String(APP_LOG_PAGE_SIZE),
    start: String((filters.page - 1) * APP_LOG_PAGE_SIZE),
    ...SORTS[filters.sort],
  })
  if (filters.q) params.set('q', filters.q)
  if (filters.priority) {
    params.set('priority', filters.priority)
    params.set('priorityMode', filters.priorityMode)
  }
  if (filters.component) params.set('component', filters.component)
  if (filters.elementType) params.set('elementType', filters.elementType)
  if (filters.elementId) params.set('elementId', filters.elementId)
  if (filters.from) params.set('from', instantOf(filters.from))
  if (filters.until) params.set('until', instantOf(filters.until))
  if (filters.requestId) params.set('requestId', filters.requestId)
  return params
}

export function useAppLog(filters: AppLogFilters, autoRefresh: boolean) {
  return useQuery({
    queryKey: appLogKeys.list(filters),
    queryFn: async () =>
      AppLogPageSchema.parse(await getJson(`${BASE}/show?${appLogQuery(filters).toString()}`)),
    placeholderData: keepPreviousData,
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
  })
}

export function useAppLogEntry(id: number | null) {
  return useQuery({
    queryKey: appLogKeys.entry(id ?? 0),
    queryFn: async () => AppLogEntrySchema.parse(await getJson(`${BASE}/show/${String(id)}`)),
    enabled: id !== null,
  })
}

/** An entry's file object as text, fetched only when asked for. */
export function useAppLogFileObject(id: number, enabled: boolean) {
  return useQuery({
    queryKey: appLogKeys.fileObject(id),
    queryFn: async () => {
      const response = await fetch(`${BASE}/show-file-object?id=${String(id)}`, {
        headers: { accept: 'text/plain' },
      })
      if (!response.ok) throw toApiError(response, await readJsonBody(response))
      return response.text()
    },
    enabled,
  })
}

export function fileObjectDownloadUrl(id: number): string {
  return `${BASE}/show-file-object?id=${String(id)}&download=1`
}

export function useComponents() {
  return useQuery({
    queryKey: appLogKeys.components,
    queryFn: async () => AppLogComponentsSchema.parse(await getJson(`${BASE}/component-json`)),
  })
}
