import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ElementType } from '@optika/domain/pim/element-api'
import {
  HttpErrorTopSchema,
  LatestOrdersSchema,
  LowStockSchema,
  ModificationStatisticsSchema,
  ModifiedElementSchema,
  OrdersPerDaySchema,
  PendingPartnersSchema,
} from '@optika/domain/operations/dashboards'
import type { Currency } from '@optika/domain/commerce/currencies'
import {
  PortletReportListSchema,
  ReportChartDataSchema,
} from '@optika/domain/operations/custom-reports'
import { NotificationPageSchema } from '@optika/domain/identity/notifications'
import { getJson } from '../../../lib/api-client.ts'

const PORTAL = '/admin/portal'
/** Widgets show what is current without anyone reloading: a minute is fresh enough. */
const REFRESH_MS = 60_000

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

function usePortletQuery<T>(
  name: string,
  params: Record<string, string | number | boolean | undefined>,
  parse: (body: unknown) => T,
) {
  return useQuery({
    queryKey: ['admin', 'portlet', name, params] as const,
    queryFn: async ({ signal }) => parse(await getJson(`${name}${query(params)}`, { signal })),
    refetchInterval: REFRESH_MS,
    retry: 1,
  })
}

const MODIFIED_PATHS = {
  object: ['portlet-modified-objects', 'objects'],
  asset: ['portlet-modified-assets', 'assets'],
  document: ['portlet-modified-documents', 'documents'],
} as const

export function useModifiedElements(elementType: ElementType, onlyMine: boolean) {
  const [path, field] = MODIFIED_PATHS[elementType]
  return usePortletQuery(
    `${PORTAL}/${path}`,
    { onlyMine, limit: 10 },
    (body) => z.object({ [field]: z.array(ModifiedElementSchema) }).parse(body)[field]!,
  )
}

export function useModificationStatistics(days: number) {
  return usePortletQuery(`${PORTAL}/portlet-modification-statistics`, { days }, (body) =>
    ModificationStatisticsSchema.parse(body),
  )
}

export function useOrdersPerDay(currency: Currency | undefined, days: number) {
  return usePortletQuery(`${PORTAL}/portlet-orders-per-day`, { currency, days }, (body) =>
    OrdersPerDaySchema.parse(body),
  )
}

export function useLatestOrders(limit: number) {
  return usePortletQuery(`${PORTAL}/portlet-latest-orders`, { limit }, (body) =>
    LatestOrdersSchema.parse(body),
  )
}

export function usePendingPartners(limit: number) {
  return usePortletQuery(`${PORTAL}/portlet-pending-partners`, { limit }, (body) =>
    PendingPartnersSchema.parse(body),
  )
}

export function useLowStock(threshold: number, limit: number) {
  return usePortletQuery(`${PORTAL}/portlet-low-stock`, { threshold, limit }, (body) =>
    LowStockSchema.parse(body),
  )
}

export function useTopHttpErrors(limit: number) {
  return usePortletQuery(`${PORTAL}/portlet-http-errors`, { limit }, (body) =>
    HttpErrorTopSchema.parse(body),
  )
}

// ── Other slices' calls the widgets read (custom reports, notifications) ──────────────────────

const CUSTOM_REPORTS = '/admin/bundle/customreports/custom-report'

export type ReportChart = z.infer<typeof ReportChartDataSchema>

export function useChartReports(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'portlet', 'report-list'] as const,
    queryFn: async () =>
      PortletReportListSchema.parse(await getJson(`${CUSTOM_REPORTS}/portlet-report-list`)).data,
    enabled,
  })
}

export function useReportChart(name: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'portlet', 'report-chart', name] as const,
    queryFn: async ({ signal }) =>
      ReportChartDataSchema.parse(
        await getJson(`${CUSTOM_REPORTS}/chart${query({ name })}`, { signal }),
      ),
    enabled: name !== undefined,
    refetchInterval: REFRESH_MS,
    retry: 1,
  })
}

export function useNotificationFeed(onlyUnread: boolean) {
  return usePortletQuery(
    '/admin/notification/find-all',
    { read: onlyUnread ? 'unread' : 'all', limit: 6 },
    (body) => NotificationPageSchema.parse(body),
  )
}
