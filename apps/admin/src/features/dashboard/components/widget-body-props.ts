import type { Widget, WidgetConfig } from '@optika/domain/operations/dashboards'

/** What every widget's body receives: itself, and a way to save its settings. */
export interface WidgetBodyProps {
  readonly widget: Widget
  readonly onConfigure: (config: WidgetConfig) => void
}
