import { Anchor, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buyerKindKey, ORDER_SORTS, paymentKindKey } from '@optika/domain/commerce/admin-orders-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  ExportButtons,
  FilterPanel,
  PagedTable,
  SearchInput,
} from '../../../../components/list-parts.tsx'
import { exportUrl, useOrderList } from '../api/orders-api.ts'
import {
  CHOICE_FILTERS,
  ORDERS_PAGE_SIZE,
  readFilters,
  writeFilters,
  type OrderFilters,
} from '../model/order-filters.ts'
import { countryLabelKey, orderStatusLabelKey } from '../model/order-labels.ts'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import { OrderStatusBadge } from './order-status-badge.tsx'

/** How each choice filter is labelled, and the key each value reads as (null: the code itself). */
const CHOICE_LABELS = {
  status: ['order.status', orderStatusLabelKey],
  country: ['customer.country', countryLabelKey],
  currency: ['order.originalCurrency', () => null],
  paymentKind: ['admin.orders.field.paymentKind', paymentKindKey],
  buyerKind: ['admin.orders.field.buyerKind', buyerKindKey],
} as const satisfies Record<
  keyof typeof CHOICE_FILTERS,
  readonly [string, (value: string) => string | null]
>

/** The orders: searchable, filtered, sorted and paged, the filters kept in the address. */
export function OrderList() {
  const { t } = useTranslation()
  const format = useFormats()
  const { filters, setFilters } = useUrlFilters(readFilters, writeFilters)
  const list = useOrderList(filters)
  const update = (change: Partial<OrderFilters>) => setFilters({ page: 1, ...change })
  const all = { value: '', label: t('adminCustomers.filter.all') }
  const countryName = (code: string) => {
    const key = countryLabelKey(code)
    return key === null ? code : t(key)
  }

  return (
    <Stack gap="md">
      <FilterPanel label={t('admin.orders.filter.label')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <SearchInput
              label={t('admin.orders.search.label')}
              placeholder={t('admin.orders.search.placeholder')}
              initial={filters.search}
              onSearch={(search) => update({ search })}
            />
            {(Object.keys(CHOICE_FILTERS) as (keyof typeof CHOICE_FILTERS)[]).map((key) => {
              const [label, valueKey] = CHOICE_LABELS[key]
              return (
                <Select
                  key={key}
                  label={t(label)}
                  data={[
                    all,
                    ...CHOICE_FILTERS[key].map((value) => {
                      const labelKey = valueKey(value)
                      return { value, label: labelKey === null ? value : t(labelKey) }
                    }),
                  ]}
                  value={filters[key]}
                  onChange={(value) => update({ [key]: value ?? '' })}
                  allowDeselect={false}
                />
              )
            })}
            <TextInput
              type="date"
              label={t('admin.orders.filter.from')}
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => update({ from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('admin.orders.filter.to')}
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => update({ to: event.currentTarget.value })}
            />
            <Select
              label={t('adminCustomers.sort.label')}
              data={ORDER_SORTS.map((sort) => ({
                value: sort,
                label: t(`admin.orders.sort.${sort}`),
              }))}
              value={filters.sort}
              onChange={(sort) => update({ sort: sort === 'total' ? 'total' : 'createdAt' })}
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
          <ExportButtons
            href={(format) => exportUrl(filters, format)}
            labels={{ csv: t('adminCustomers.export.csv'), xlsx: t('adminCustomers.export.xlsx') }}
          />
        </Stack>
      </FilterPanel>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <PagedTable
          count={t('admin.orders.count', { count: list.data.total })}
          label={t('admin.orders.listLabel')}
          minWidth={960}
          highlightOnHover
          columns={[
            t('order.number'),
            t('order.date'),
            t('order.status'),
            t('admin.orders.section.buyer'),
            t('customer.clientNumber'),
            t('customer.country'),
            t('admin.orders.field.paymentKind'),
            { label: t('order.priceWithVat'), align: 'right' },
          ]}
          empty={t('list.noItems')}
          rows={list.data.items}
          renderRow={(order) => (
            <Table.Tr key={order.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/shop-orders/${order.id}`}>
                  {order.number}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {format.dateTime(order.createdAt)}
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{order.name}</Text>
                <Text size="xs" c="dimmed">
                  {order.email} · {t(buyerKindKey(order.buyerKind))}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{order.clientNumber ?? ''}</Table.Td>
              <Table.Td>{countryName(order.country)}</Table.Td>
              <Table.Td>{t(paymentKindKey(order.paymentKind))}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {format.money(order.totalGross, order.currency)}
              </Table.Td>
            </Table.Tr>
          )}
          total={list.data.total}
          pageSize={ORDERS_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => update({ page })}
        />
      )}
    </Stack>
  )
}
