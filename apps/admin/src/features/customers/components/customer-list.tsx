import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import {
  CUSTOMER_KINDS,
  CUSTOMER_SORTS,
  PARTNER_STATUSES,
  type CustomerListItem,
} from '@optika/domain/accounts/admin-customers-api'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import { TablePager } from '../../../components/table-pager.tsx'
import { exportUrl, useCustomerList } from '../api/customers-api.ts'
import {
  LIST_PAGE_SIZE,
  readFilters,
  writeFilters,
  type ListFilters,
} from '../model/list-filters.ts'
import { PartnerStatusBadge } from './partner-status-badge.tsx'

export function customerName(customer: Pick<CustomerListItem, 'firstName' | 'lastName' | 'email'>) {
  return `${customer.firstName} ${customer.lastName}`.trim() || customer.email
}

/**
 * A searchable, filtered, sorted and paged list of accounts, its filters in the address.
 * `partners` lists partners only (the `partners` key suffices); rows link to the detail.
 */
export function CustomerList({ scope }: { scope: 'customers' | 'partners' }) {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const [searchInput, setSearchInput] = useState(filters.search)
  const list = useCustomerList(scope, scope === 'partners' ? { ...filters, kind: '' } : filters)
  const update = (change: Partial<ListFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...change }), { replace: true })
  const updateSearch = useDebouncedCallback((search: string) => update({ search }), 300)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const all = { value: '', label: t('adminCustomers.filter.all') }

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-label={t('adminCustomers.filter.label')}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: scope === 'customers' ? 6 : 5 }}>
            <TextInput
              type="search"
              label={t('adminCustomers.search.label')}
              placeholder={t('adminCustomers.search.placeholder')}
              value={searchInput}
              onChange={(event) => {
                setSearchInput(event.currentTarget.value)
                updateSearch(event.currentTarget.value)
              }}
            />
            {scope === 'customers' && (
              <Select
                label={t('adminCustomers.field.kind')}
                data={[
                  all,
                  ...CUSTOMER_KINDS.map((kind) => ({ value: kind, label: t(`role.${kind}`) })),
                ]}
                value={filters.kind}
                onChange={(kind) => update({ kind: kind ?? '' })}
                allowDeselect={false}
              />
            )}
            <Select
              label={t('adminCustomers.field.partnerStatus')}
              data={[
                all,
                ...PARTNER_STATUSES.map((status) => ({
                  value: status,
                  label: t(`adminCustomers.partnerStatus.${status}`),
                })),
              ]}
              value={filters.partnerStatus}
              onChange={(partnerStatus) => update({ partnerStatus: partnerStatus ?? '' })}
              allowDeselect={false}
            />
            <Select
              label={t('customer.country')}
              data={[
                all,
                ...COUNTRIES.map((country) => ({ value: country, label: t(`country.${country}`) })),
              ]}
              value={filters.country}
              onChange={(country) => update({ country: country ?? '' })}
              allowDeselect={false}
            />
            <Select
              label={t('adminCustomers.sort.label')}
              data={CUSTOMER_SORTS.map((sort) => ({
                value: sort,
                label: t(`adminCustomers.sort.${sort}`),
              }))}
              value={filters.sort}
              onChange={(sort) => update({ sort: sort ?? 'createdAt' })}
              allowDeselect={false}
            />
            <Select
              label={t('adminCustomers.order.label')}
              data={[
                { value: 'asc', label: t('adminCustomers.order.asc') },
                { value: 'desc', label: t('adminCustomers.order.desc') },
              ]}
              value={filters.order}
              onChange={(order) => update({ order: order === 'asc' ? 'asc' : 'desc' })}
              allowDeselect={false}
            />
          </SimpleGrid>
          {scope === 'customers' && (
            <Group>
              <Button component="a" href={exportUrl(filters, 'csv')} download variant="default">
                {t('adminCustomers.export.csv')}
              </Button>
              <Button component="a" href={exportUrl(filters, 'xlsx')} download variant="default">
                {t('adminCustomers.export.xlsx')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" role="status">
            {t('adminCustomers.count', { count: list.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table
              striped
              highlightOnHover
              withTableBorder
              aria-label={t('adminCustomers.tab.accounts')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('customer.clientNumber')}</Table.Th>
                  <Table.Th>{t('customer.fullName')}</Table.Th>
                  <Table.Th>{t('customer.company')}</Table.Th>
                  <Table.Th>{t('customer.email')}</Table.Th>
                  <Table.Th>{t('customer.country')}</Table.Th>
                  <Table.Th>{t('adminCustomers.field.kind')}</Table.Th>
                  <Table.Th>{t('adminCustomers.field.registeredAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7} c="dimmed">
                      {t('adminCustomers.empty')}
                    </Table.Td>
                  </Table.Tr>
                )}
                {list.data.items.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{customer.clientNumber}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/shop-customers/${customer.id}`}>
                        {customerName(customer)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{customer.company ?? ''}</Table.Td>
                    <Table.Td>{customer.email}</Table.Td>
                    <Table.Td>{t(`country.${customer.country}` as 'country.CZ')}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Badge
                          variant="light"
                          color={customer.kind === 'partner' ? 'grape' : 'gray'}
                        >
                          {t(`role.${customer.kind}`)}
                        </Badge>
                        {customer.partnerStatus !== null && (
                          <PartnerStatusBadge status={customer.partnerStatus} />
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{date.format(new Date(customer.createdAt))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager
            total={list.data.total}
            pageSize={LIST_PAGE_SIZE}
            page={filters.page}
            onChange={(page) => update({ page })}
          />
        </Stack>
      )}
    </Stack>
  )
}
