import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { TabbedScreen } from '../../../../components/tabbed-screen.tsx'

const TranslationsPanel = lazy(async () => ({
  default: (await import('./translations-panel.tsx')).TranslationsPanel,
}))
const ContentExportPanel = lazy(async () => ({
  default: (await import('../../content-export/components/content-export-panel.tsx'))
    .ContentExportPanel,
}))

/** /admin/dictionary — the shared translations (grid, import, export) and the export of documents' and objects' texts for translators (Word, XLIFF). */
export function TranslationsScreen() {
  const { t } = useTranslation()
  return (
    <TabbedScreen
      screen="/admin/dictionary"
      title={t('admin.nav.translations')}
      description={t('admin.screen.translations.description')}
      tabs={[
        {
          path: 'shared',
          label: t('adminTranslations.tab.translations'),
          keys: ['translations'],
          Panel: TranslationsPanel,
        },
        {
          path: 'content-export',
          label: t('contentExport.tab'),
          keys: ['wordExport', 'xliffExport'],
          Panel: ContentExportPanel,
        },
      ]}
    />
  )
}
