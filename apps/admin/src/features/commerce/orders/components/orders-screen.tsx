import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Route, Routes } from 'react-router'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { OrderDetailScreen } from './order-detail.tsx'
import { OrderList } from './order-list.tsx'

function OrdersHome() {
  const { t } = useTranslation()
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.orders')}
        description={t('admin.screen.orders.description')}
      />
      <OrderList />
    </Stack>
  )
}

/**
 * /admin/shop-orders — the shop's orders (search, filters, export) and one order's detail
 * (/admin/shop-orders/{id}): status moves, partial shipments, note, attachments, history.
 */
export function OrdersScreen() {
  return (
    <Routes>
      <Route index element={<OrdersHome />} />
      <Route path=":id" element={<OrderDetailScreen />} />
    </Routes>
  )
}
