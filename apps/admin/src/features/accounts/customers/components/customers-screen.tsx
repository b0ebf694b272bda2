import { Stack, Tabs } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Route, Routes, useNavigate } from 'react-router'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ComplaintDetailScreen } from './complaint-detail.tsx'
import { ComplaintsQueue } from './complaints-queue.tsx'
import { CustomerDetailScreen } from './customer-detail.tsx'
import { CustomerList } from './customer-list.tsx'

/** The accounts list and the complaints queue, as two tabs whose address is their own. */
function CustomersHome({ tab }: { tab: 'accounts' | 'complaints' }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.customers')}
        description={t('admin.screen.customers.description')}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate(value === 'complaints' ? '/shop-customers/complaints' : '/shop-customers')
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="accounts">{t('adminCustomers.tab.accounts')}</Tabs.Tab>
          <Tabs.Tab value="complaints">{t('page.complaints')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts" pt="lg">
          <CustomerList scope="customers" />
        </Tabs.Panel>
        <Tabs.Panel value="complaints" pt="lg">
          <ComplaintsQueue />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

/**
 * /admin/shop-customers — customers and partners (list, search, filters, export), one
 * account's detail (/admin/shop-customers/{id}) and the complaints queue
 * (/admin/shop-customers/complaints, …/complaints/{id}).
 */
export function CustomersScreen() {
  return (
    <Routes>
      <Route index element={<CustomersHome tab="accounts" />} />
      <Route path="complaints" element={<CustomersHome tab="complaints" />} />
      <Route path="complaints/:id" element={<ComplaintDetailScreen />} />
      <Route path=":id" element={<CustomerDetailScreen />} />
    </Routes>
  )
}
