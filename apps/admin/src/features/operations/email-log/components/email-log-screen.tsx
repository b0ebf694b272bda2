import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { TabbedScreen } from '../../../../components/tabbed-screen.tsx'

const EmailLogPanel = lazy(async () => ({
  default: (await import('./email-log-panel.tsx')).EmailLogPanel,
}))
const BlocklistPanel = lazy(async () => ({
  default: (await import('./blocklist-panel.tsx')).BlocklistPanel,
}))

/** /admin/email-log — the mails the shop sent (search, read, resend, delete, test) and the blocklist. */
export function EmailLogScreen() {
  const { t } = useTranslation()
  return (
    <TabbedScreen
      screen="/admin/email-log"
      title={t('admin.nav.emailLog')}
      description={t('admin.screen.emailLog.description')}
      tabs={[
        { path: 'log', label: t('emailLog.tab.log'), keys: ['emails'], Panel: EmailLogPanel },
        {
          path: 'blocklist',
          label: t('emailLog.tab.blocklist'),
          keys: ['emails'],
          Panel: BlocklistPanel,
        },
      ]}
    />
  )
}
