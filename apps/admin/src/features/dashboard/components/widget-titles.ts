import type { WidgetType } from '@optika/domain/operations/dashboards'

/** Each widget's title; the status and areas widgets keep the texts the dashboard always had. */
export const WIDGET_TITLE_KEYS = {
  systemStatus: 'admin.status.title',
  areaLinks: 'admin.dashboard.areas',
  ordersChart: 'dashboards.type.ordersChart',
  latestOrders: 'dashboards.type.latestOrders',
  pendingPartners: 'dashboards.type.pendingPartners',
  modifiedObjects: 'dashboards.type.modifiedObjects',
  modifiedAssets: 'dashboards.type.modifiedAssets',
  modifiedDocuments: 'dashboards.type.modifiedDocuments',
  modificationStatistics: 'dashboards.type.modificationStatistics',
  lowStock: 'dashboards.type.lowStock',
  httpErrors: 'dashboards.type.httpErrors',
  customReportChart: 'dashboards.type.customReportChart',
  notifications: 'dashboards.type.notifications',
} as const satisfies Record<WidgetType, string>
