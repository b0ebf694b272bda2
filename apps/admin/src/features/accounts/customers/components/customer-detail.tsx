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
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { CustomerDetail as Detail } from '@optika/domain/accounts/admin-customers-api'
import { isLocale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { DetailFrame } from '../../../../components/detail-frame.tsx'
import { DescriptionFields } from '../../../../components/description-fields.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  customersKeys,
  impersonate,
  setModerator,
  sendResetLink,
  useCustomerDetail,
} from '../api/customers-api.ts'
import { AuditChange } from '../../../identity/audit-log/components/audit-change.tsx'
import { ComplaintsTable } from './complaints-queue.tsx'
import { customerName } from './customer-list.tsx'
import { PartnerStatusBadge } from './partner-status-badge.tsx'

function ProfileTab({ customer }: { customer: Detail }) {
  const { t } = useTranslation()
  const format = useFormats()
  const yesNo = (value: boolean) => (value ? t('admin.common.yes') : t('admin.common.no'))
  return (
    <Stack gap="lg">
      <DescriptionFields
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
            <Title order={2} size="h5" id="partner-terms">
              {t('adminCustomers.section.partnerTerms')}
            </Title>
            <DescriptionFields
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
    <DetailFrame backTo="/shop-customers" backLabel={t('adminCustomers.back')} query={detail}>
      {(customer) => (
        <>
          <Group justify="space-between" align="flex-start">
            <ScreenHeader
              title={customer.company ?? customerName(customer)}
              description={`${t(`role.${customer.kind}`)} · ${customer.clientNumber}`}
            />
            {customer.partnerStatus !== null && (
              <PartnerStatusBadge status={customer.partnerStatus} />
            )}
          </Group>
          <CustomerActions customer={customer} />
          <Tabs defaultValue="profile" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="profile">{t('adminCustomers.tab.profile')}</Tabs.Tab>
              <Tabs.Tab value="addresses">{t('adminCustomers.tab.addresses')}</Tabs.Tab>
              <Tabs.Tab value="orders">{t('page.orderHistory')}</Tabs.Tab>
              <Tabs.Tab value="complaints">{t('page.complaints')}</Tabs.Tab>
              <Tabs.Tab value="history">{t('adminCustomers.tab.history')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile" pt="lg">
              <ProfileTab customer={customer} />
            </Tabs.Panel>
            <Tabs.Panel value="addresses" pt="lg">
              <AddressesTab customer={customer} />
            </Tabs.Panel>
            <Tabs.Panel value="orders" pt="lg">
              <OrdersTab customer={customer} />
            </Tabs.Panel>
            <Tabs.Panel value="complaints" pt="lg">
              <ComplaintsTable complaints={customer.complaints} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="lg">
              <HistoryTab customer={customer} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </DetailFrame>
  )
}
