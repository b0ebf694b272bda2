import { SystemStatusContent } from './system-status-card.tsx'
import type { WidgetBodyProps } from './widget-body-props.ts'
import { AreaLinksWidget } from './widgets/area-links-widget.tsx'
import { HttpErrorsWidget } from './widgets/http-errors-widget.tsx'
import { LatestOrdersWidget } from './widgets/latest-orders-widget.tsx'
import { LowStockWidget } from './widgets/low-stock-widget.tsx'
import { ModificationStatisticsWidget } from './widgets/modification-statistics-widget.tsx'
import { ModifiedElementsWidget } from './widgets/modified-elements-widget.tsx'
import { NotificationsWidget } from './widgets/notifications-widget.tsx'
import { OrdersChartWidget } from './widgets/orders-chart-widget.tsx'
import { PendingPartnersWidget } from './widgets/pending-partners-widget.tsx'
import { ReportChartWidget } from './widgets/report-chart-widget.tsx'

/** A widget's content by its type; each fetches and answers for its own data. */
export function WidgetBody(props: WidgetBodyProps) {
  switch (props.widget.type) {
    case 'systemStatus':
      return <SystemStatusContent />
    case 'areaLinks':
      return <AreaLinksWidget />
    case 'ordersChart':
      return <OrdersChartWidget {...props} />
    case 'latestOrders':
      return <LatestOrdersWidget {...props} />
    case 'pendingPartners':
      return <PendingPartnersWidget {...props} />
    case 'modifiedObjects':
      return <ModifiedElementsWidget {...props} elementType="object" />
    case 'modifiedAssets':
      return <ModifiedElementsWidget {...props} elementType="asset" />
    case 'modifiedDocuments':
      return <ModifiedElementsWidget {...props} elementType="document" />
    case 'modificationStatistics':
      return <ModificationStatisticsWidget {...props} />
    case 'lowStock':
      return <LowStockWidget {...props} />
    case 'httpErrors':
      return <HttpErrorsWidget {...props} />
    case 'customReportChart':
      return <ReportChartWidget {...props} />
    case 'notifications':
      return <NotificationsWidget {...props} />
  }
}
