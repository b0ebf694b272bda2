import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { TabbedScreen } from '../../../../components/tabbed-screen.tsx'

const RedirectsPanel = lazy(async () => ({
  default: (await import('../redirects/redirects-panel.tsx')).RedirectsPanel,
}))
const RobotsPanel = lazy(async () => ({
  default: (await import('../robots/robots-panel.tsx')).RobotsPanel,
}))
const HttpErrorsPanel = lazy(async () => ({
  default: (await import('../http-errors/http-errors-panel.tsx')).HttpErrorsPanel,
}))
const SeoPanel = lazy(async () => ({
  default: (await import('../seo-panel/seo-panel.tsx')).SeoPanel,
}))

/** /admin/seo-tools — redirects, robots.txt and the sitemap, the HTTP error log and the titles and descriptions of pages and categories. */
export function SeoToolsScreen() {
  const { t } = useTranslation()
  return (
    <TabbedScreen
      screen="/admin/seo-tools"
      title={t('admin.nav.seo')}
      description={t('admin.screen.seo.description')}
      tabs={[
        {
          path: 'redirects',
          label: t('seoRedirects.tab'),
          keys: ['redirects'],
          Panel: RedirectsPanel,
        },
        { path: 'robots', label: t('seoSite.tab.robots'), keys: ['robots'], Panel: RobotsPanel },
        {
          path: 'http-errors',
          label: t('seoSite.tab.httpErrors'),
          keys: ['httpErrors'],
          Panel: HttpErrorsPanel,
        },
        {
          path: 'seo-panel',
          label: t('seoSite.tab.seoPanel'),
          keys: ['seoDocumentEditor'],
          Panel: SeoPanel,
        },
      ]}
    />
  )
}
