import { Anchor, Badge, Group, Select, SimpleGrid, Stack, Table } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  CUSTOMER_KINDS,
  CUSTOMER_SORTS,
  PARTNER_STATUSES,
  type CustomerListItem,
} from '@optika/domain/accounts/admin-customers-api'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  ExportButtons,
  FilterPanel,
  PagedTable,
  SearchInput,
} from '../../../../components/list-parts.tsx'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
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
  const { filters, setFilters } = useUrlFilters(readFilters, writeFilters)
  const list = useCustomerList(scope, scope === 'partners' ? { ...filters, kind: '' } : filters)
  const update = (change: Partial<ListFilters>) => setFilters({ page: 1, ...change })
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const all = { value: '', label: t('adminCustomers.filter.all') }

  return (
    <Stack gap="md">
      <FilterPanel label={t('adminCustomers.filter.label')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: scope === 'customers' ? 6 : 5 }}>
            <SearchInput
              label={t('adminCustomers.search.label')}
              placeholder={t('adminCustomers.search.placeholder')}
              initial={filters.search}
              onSearch={(search) => update({ search })}
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
            <ExportButtons
              href={(format) => exportUrl(filters, format)}
              labels={{
                csv: t('adminCustomers.export.csv'),
                xlsx: t('adminCustomers.export.xlsx'),
              }}
            />
          )}
        </Stack>
      </FilterPanel>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <PagedTable
          count={t('adminCustomers.count', { count: list.data.total })}
          label={t('adminCustomers.tab.accounts')}
          minWidth={900}
          highlightOnHover
          columns={[
            t('customer.clientNumber'),
            t('customer.fullName'),
            t('customer.company'),
            t('customer.email'),
            t('customer.country'),
            t('adminCustomers.field.kind'),
            t('adminCustomers.field.registeredAt'),
          ]}
          empty={t('adminCustomers.empty')}
          rows={list.data.items}
          renderRow={(customer) => (
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
                  <Badge variant="light" color={customer.kind === 'partner' ? 'grape' : 'gray'}>
                    {t(`role.${customer.kind}`)}
                  </Badge>
                  {customer.partnerStatus !== null && (
                    <PartnerStatusBadge status={customer.partnerStatus} />
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{date.format(new Date(customer.createdAt))}</Table.Td>
            </Table.Tr>
          )}
          total={list.data.total}
          pageSize={LIST_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => update({ page })}
        />
      )}
    </Stack>
  )
}
