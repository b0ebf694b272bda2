import { Stack, Tabs } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Navigate, Route, Routes, useNavigate } from 'react-router'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { useCurrentUser } from '../../../identity/auth/api/auth-api.ts'
import { hasAnyPermission } from '../../../identity/auth/components/access-denied.tsx'
import { CountriesTab } from './countries-tab.tsx'
import { PaymentTab } from './payment-tab.tsx'
import { ShippingTab } from './shipping-tab.tsx'
import { StockTab } from './stock-tab.tsx'
import { VoucherCodesView } from './voucher-codes-view.tsx'
import { VouchersTab } from './vouchers-tab.tsx'

type TabKey = 'countries' | 'shipping' | 'payment' | 'vouchers' | 'stock'

/** Each tab, its address under /admin/shop-settings and the key it needs (as the API checks). */
const TABS: readonly { tab: TabKey; path: string; key: PermissionKey }[] = [
  { tab: 'countries', path: 'countries', key: 'shippingPayment' },
  { tab: 'shipping', path: 'shipping', key: 'shippingPayment' },
  { tab: 'payment', path: 'payment', key: 'shippingPayment' },
  { tab: 'vouchers', path: 'vouchers', key: 'coupons' },
  { tab: 'stock', path: 'stock', key: 'orders' },
]

function useAllowedTabs() {
  const { data } = useCurrentUser()
  return TABS.filter((tab) => hasAnyPermission(data, [tab.key]))
}

function ShopSettingsHome({ tab, seriesId }: { tab: TabKey; seriesId?: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const allowed = useAllowedTabs()
  if (!allowed.some((a) => a.tab === tab)) {
    const first = allowed[0]
    return first ? <Navigate to={`/shop-settings/${first.path}`} replace /> : null
  }
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.shopSettings')}
        description={t('admin.screen.shopSettings.description')}
      />
      <Tabs
        value={tab}
        onChange={(value) => {
          const target = TABS.find((a) => a.tab === value)
          if (target) void navigate(`/shop-settings/${target.path}`)
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {allowed.map((a) => (
            <Tabs.Tab key={a.tab} value={a.tab}>
              {t(`admin.shop.tab.${a.tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="countries" pt="lg">
          <CountriesTab />
        </Tabs.Panel>
        <Tabs.Panel value="shipping" pt="lg">
          <ShippingTab />
        </Tabs.Panel>
        <Tabs.Panel value="payment" pt="lg">
          <PaymentTab />
        </Tabs.Panel>
        <Tabs.Panel value="vouchers" pt="lg">
          {seriesId ? <VoucherCodesView /> : <VouchersTab />}
        </Tabs.Panel>
        <Tabs.Panel value="stock" pt="lg">
          <StockTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

/**
 * /admin/shop-settings — the shop's configuration in tabs with their own addresses: countries
 * (VAT, free shipping), shipping and payment methods with prices per country, voucher series and
 * their codes (/vouchers/{id}), stock per variant. A tab shows only with its permission key.
 */
export function ShopSettingsScreen() {
  return (
    <Routes>
      <Route index element={<ShopSettingsHome tab="countries" />} />
      <Route path="countries" element={<ShopSettingsHome tab="countries" />} />
      <Route path="shipping" element={<ShopSettingsHome tab="shipping" />} />
      <Route path="payment" element={<ShopSettingsHome tab="payment" />} />
      <Route path="vouchers" element={<ShopSettingsHome tab="vouchers" />} />
      <Route path="vouchers/:id" element={<ShopSettingsHome tab="vouchers" seriesId />} />
      <Route path="stock" element={<ShopSettingsHome tab="stock" />} />
      <Route path="*" element={<Navigate to="/shop-settings" replace />} />
    </Routes>
  )
}
