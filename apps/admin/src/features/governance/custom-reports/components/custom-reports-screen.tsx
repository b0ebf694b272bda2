import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { TabbedScreen } from '../../../../components/tabbed-screen.tsx'

const ReportViewerPanel = lazy(async () => ({
  default: (await import('./report-viewer-panel.tsx')).ReportViewerPanel,
}))
const ReportEditorPanel = lazy(async () => ({
  default: (await import('./report-editor-panel.tsx')).ReportEditorPanel,
}))

/** /admin/custom-reports — reports (grid, filters, chart, export) and their configuration. */
export function CustomReportsScreen() {
  const { t } = useTranslation()
  return (
    <TabbedScreen
      screen="/admin/custom-reports"
      title={t('admin.nav.reports')}
      description={t('admin.screen.reports.description')}
      tabs={[
        {
          path: 'view',
          label: t('customReports.screen.tab.view'),
          keys: ['reports'],
          Panel: ReportViewerPanel,
        },
        {
          path: 'configure',
          label: t('customReports.screen.tab.configure'),
          keys: ['reportsConfig'],
          Panel: ReportEditorPanel,
        },
      ]}
    />
  )
}
