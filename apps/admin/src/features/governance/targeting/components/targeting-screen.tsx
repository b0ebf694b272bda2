import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { TabbedScreen } from '../../../../components/tabbed-screen.tsx'

const RulesPanel = lazy(async () => ({
  default: (await import('./rules-panel.tsx')).RulesPanel,
}))
const TargetGroupsPanel = lazy(async () => ({
  default: (await import('./target-groups-panel.tsx')).TargetGroupsPanel,
}))

/**
 * /admin/personalization — Pimcore's targeting: rules (ordered, with a condition builder and
 * actions) and the target groups they assign visitors to; pages show a group's content variants.
 */
export function TargetingScreen() {
  const { t } = useTranslation()
  return (
    <TabbedScreen
      screen="/admin/personalization"
      title={t('admin.nav.targeting')}
      description={t('admin.screen.targeting.description')}
      tabs={[
        {
          path: 'rules',
          label: t('targeting.screen.tab.rules'),
          keys: ['targeting'],
          Panel: RulesPanel,
        },
        {
          path: 'target-groups',
          label: t('targeting.screen.tab.groups'),
          keys: ['targeting'],
          Panel: TargetGroupsPanel,
        },
      ]}
    />
  )
}
