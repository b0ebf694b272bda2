import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { CustomerDetail as Detail } from '@optika/domain/accounts/admin-customers-api'
import { CURRENCIES, type Currency } from '@optika/domain/commerce/currencies'
import { formatMoney } from '@optika/domain/commerce/money'
import { isLocale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { languageName } from '../../../lib/i18n/language-name.ts'
import { ScreenHeader } from '../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import {
  customersKeys,
  impersonate,
  setModerator,
  sendResetLink,
  useCustomerDetail,
} from '../api/customers-api.ts'
import { AuditChange } from '../../audit-log/components/audit-change.tsx'
import { ComplaintsTable } from './complaints-queue.tsx'
import { customerName } from './customer-list.tsx'
import { PartnerStatusBadge } from './partner-status-badge.tsx'

function useFormats() {
  const { i18n } = useTranslation()
  const locale = isLocale(i18n.language) ? i18n.language : 'en'
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return {
    dateTime: (iso: string | null) => (iso === null ? '—' : dateTime.format(new Date(iso))),
    money: (amount: number, currency: string) =>
      (CURRENCIES as readonly string[]).includes(currency)
        ? formatMoney({ amount, currency: currency as Currency }, locale)
        : `${amount} ${currency}`,
  }
}

/** Label/value pairs as a description list. */
function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value === null || value === '' ? '—' : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}

function ProfileTab({ customer }: { customer: Detail }) {
  const { t } = useTranslation()
  const format = useFormats()
  const yesNo = (value: boolean) => (value ? t('admin.common.yes') : t('admin.common.no'))
  return (
    <Stack gap="lg">
      <Fields
        rows={[
          [t('customer.clientNumber'), customer.clientNumber],
          [t('customer.fullName'), `${customer.firstName} ${customer.lastName}`.trim()],
          [t('customer.email'), customer.email],
          [t('customer.username'), customer.username],
          [t('customer.phone'), customer.phone],
          [t('customer.company'), customer.company],
          [t('customer.tin'), customer.tin],
          [t('customer.vatId'), customer.vatId],
          [t('customer.owner'), customer.owner],
          [t('customer.contactPerson'), customer.contactPerson],
          [t('customer.website'), customer.website],
          [t('customer.gps'), customer.gps],
          [t('customer.country'), t(`country.${customer.country}` as 'country.CZ')],
          [
            t('adminCustomers.field.language'),
            isLocale(customer.language) ? languageName(customer.language) : customer.language,
          ],
          [t('customer.newsletter'), yesNo(customer.newsletter)],
          [t('role.moderator'), yesNo(customer.isModerator)],
          [t('adminCustomers.field.registeredAt'), format.dateTime(customer.createdAt)],
          [t('adminCustomers.field.lastLogin'), format.dateTime(customer.lastLoginAt)],
          [t('adminCustomers.field.sessions'), String(customer.sessionCount)],
        ]}
      />
      {customer.kind === 'partner' && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="partner-terms">
          <Stack gap="sm">
            <Title order={3} size="h5" id="partner-terms">
              {t('adminCustomers.section.partnerTerms')}
            </Title>
            <Fields
              rows={[
                [
                  t('adminCustomers.field.partnerStatus'),
                  customer.partnerStatus && <PartnerStatusBadge status={customer.partnerStatus} />,
                ],
                [t('adminCustomers.field.priceList'), customer.priceListName],
                [
                  t('adminCustomers.field.invoiceMaturity'),
                  customer.invoiceMaturityDays === null
                    ? null
                    : String(customer.invoiceMaturityDays),
                ],
                [
                  t('adminCustomers.field.creditLimit'),
                  customer.creditLimit === null || customer.creditCurrency === null
                    ? null
                    : format.money(customer.creditLimit, customer.creditCurrency),
                ],
                [t('adminCustomers.field.reason'), customer.rejectionReason],
                [t('adminCustomers.field.decidedAt'), format.dateTime(customer.partnerDecidedAt)],
                [t('adminCustomers.field.decidedBy'), customer.partnerDecidedBy],
              ]}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}

function AddressesTab({ customer }: { customer: Detail }) {
  const { t } = useTranslation()
  if (customer.addresses.length === 0)
    return <Text c="dimmed">{t('adminCustomers.addresses.empty')}</Text>
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {customer.addresses.map((address) => (
        <Paper key={address.id} withBorder radius="md" p="md">
          <Group gap="xs" mb="xs">
            <Text fw={600}>
              {t(
                address.kind === 'billing' ? 'customer.billingAddress' : 'customer.deliveryAddress',
              )}
            </Text>
            {address.isDefault && (
              <Badge variant="light">{t('adminCustomers.address.default')}</Badge>
            )}
          </Group>
          <Text component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
            {[
              address.name,
              address.company,
              address.street,
              `${address.postcode} ${address.city}`,
              address.region,
              t(`country.${address.country}` as 'country.CZ'),
              address.phone,
            ]
              .filter((line) => line !== null && line !== '')
              .join('\n')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

function OrdersTab({ customer }: { customer: Detail }) {
  const { t } = useTranslation()
  const format = useFormats()
  if (customer.orders.length === 0) return <Text c="dimmed">{t('order.noOrders')}</Text>
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder aria-label={t('page.orderHistory')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('order.number')}</Table.Th>
            <Table.Th>{t('order.date')}</Table.Th>
            <Table.Th>{t('order.status')}</Table.Th>
            <Table.Th>{t('order.priceWithoutVat')}</Table.Th>
            <Table.Th>{t('order.priceWithVat')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customer.orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>{order.number}</Table.Td>
              <Table.Td>{format.dateTime(order.createdAt)}</Table.Td>
              <Table.Td>{order.status}</Table.Td>
              <Table.Td>{format.money(order.totalNet, order.currency)}</Table.Td>
              <Table.Td>{format.money(order.totalGross, order.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function HistoryTab({ customer }: { customer: Detail }) {
  const { t } = useTranslation()
  const format = useFormats()
  if (customer.history.length === 0)
    return <Text c="dimmed">{t('adminCustomers.history.empty')}</Text>
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped withTableBorder aria-label={t('adminCustomers.tab.history')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminCustomers.history.at')}</Table.Th>
            <Table.Th>{t('adminCustomers.history.actor')}</Table.Th>
            <Table.Th>{t('adminCustomers.history.action')}</Table.Th>
            <Table.Th>{t('admin.auditLog.change')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customer.history.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{format.dateTime(entry.at)}</Table.Td>
              <Table.Td>{entry.actorName ?? t('admin.auditLog.system')}</Table.Td>
              <Table.Td>
                <Code>{entry.action}</Code>
              </Table.Td>
              <Table.Td maw={360}>
                <AuditChange before={entry.before} after={entry.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** Sending a reset link and "view the shop as this customer". */
function CustomerActions({ customer }: { customer: Detail }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  // Both actions add to the history (and impersonation to the sessions): read the detail again.
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: customersKeys.detail(customer.id) })
  const reset = useMutation({ mutationFn: () => sendResetLink(customer.id), onSuccess: refresh })
  const viewAs = useMutation({ mutationFn: () => impersonate(customer.id), onSuccess: refresh })
  const moderator = useMutation({
    mutationFn: (isModerator: boolean) => setModerator(customer.id, isModerator),
    onSuccess: refresh,
  })
  return (
    <Stack gap="sm">
      <Switch
        label={t('role.moderator')}
        description={t('adminCustomers.action.moderatorHint')}
        checked={moderator.isPending ? moderator.variables : customer.isModerator}
        disabled={moderator.isPending}
        onChange={(event) => moderator.mutate(event.currentTarget.checked)}
      />
      <Group>
        <Button variant="default" onClick={() => reset.mutate()} loading={reset.isPending}>
          {t('adminCustomers.action.sendReset')}
        </Button>
        <Button
          variant="default"
          onClick={() => viewAs.mutate()}
          loading={viewAs.isPending}
          title={t('adminCustomers.action.impersonateHint')}
        >
          {t('adminCustomers.action.impersonate')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('adminCustomers.action.impersonateHint')}
      </Text>
      <RequestErrorAlert error={reset.error ?? viewAs.error ?? moderator.error} />
      {reset.isSuccess && (
        <Alert color="green" role="status">
          {t('adminCustomers.action.resetSent', { email: customer.email })}
        </Alert>
      )}
      {viewAs.isSuccess && (
        <Alert color="blue" role="status">
          <Anchor href={viewAs.data} target="_blank" rel="noopener">
            {t('adminCustomers.action.impersonateOpen')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  )
}

/** /admin/shop-customers/{id} — one customer or partner: profile, addresses, orders, complaints, history. */
export function CustomerDetailScreen() {
  const { t } = useTranslation()
  const id = Number(useParams().id)
  const detail = useCustomerDetail(id)
  return (
    <Stack gap="xl">
      <Anchor component={Link} to="/shop-customers" size="sm">
        {t('adminCustomers.back')}
      </Anchor>
      {detail.isPending && <ScreenLoader />}
      <RequestErrorAlert error={detail.error} />
      {detail.isSuccess && (
        <>
          <Group justify="space-between" align="flex-start">
            <ScreenHeader
              title={detail.data.company ?? customerName(detail.data)}
              description={`${t(`role.${detail.data.kind}`)} · ${detail.data.clientNumber}`}
            />
            {detail.data.partnerStatus !== null && (
              <PartnerStatusBadge status={detail.data.partnerStatus} />
            )}
          </Group>
          <CustomerActions customer={detail.data} />
          <Tabs defaultValue="profile" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="profile">{t('adminCustomers.tab.profile')}</Tabs.Tab>
              <Tabs.Tab value="addresses">{t('adminCustomers.tab.addresses')}</Tabs.Tab>
              <Tabs.Tab value="orders">{t('page.orderHistory')}</Tabs.Tab>
              <Tabs.Tab value="complaints">{t('page.complaints')}</Tabs.Tab>
              <Tabs.Tab value="history">{t('adminCustomers.tab.history')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile" pt="lg">
              <ProfileTab customer={detail.data} />
            </Tabs.Panel>
            <Tabs.Panel value="addresses" pt="lg">
              <AddressesTab customer={detail.data} />
            </Tabs.Panel>
            <Tabs.Panel value="orders" pt="lg">
              <OrdersTab customer={detail.data} />
            </Tabs.Panel>
            <Tabs.Panel value="complaints" pt="lg">
              <ComplaintsTable complaints={detail.data.complaints} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="lg">
              <HistoryTab customer={detail.data} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  )
}
