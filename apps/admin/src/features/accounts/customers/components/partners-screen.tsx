import { Stack, Tabs } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Route, Routes, useNavigate } from 'react-router'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ApprovalQueue } from './approval-queue.tsx'
import { CustomerList } from './customer-list.tsx'

function PartnersHome({ tab }: { tab: 'queue' | 'all' }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.partners')}
        description={t('admin.screen.partners.description')}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate(value === 'all' ? '/shop-partners/all' : '/shop-partners')
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="queue">{t('adminCustomers.tab.queue')}</Tabs.Tab>
          <Tabs.Tab value="all">{t('admin.nav.partners')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue" pt="lg">
          <ApprovalQueue />
        </Tabs.Panel>
        <Tabs.Panel value="all" pt="lg">
          <CustomerList scope="partners" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

/** /admin/shop-partners — the approval queue (oldest first) and the list of all partners (/all). */
export function PartnersScreen() {
  return (
    <Routes>
      <Route index element={<PartnersHome tab="queue" />} />
      <Route path="all" element={<PartnersHome tab="all" />} />
    </Routes>
  )
}
