import {
  Anchor,
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
import { buyerKindKey, ORDER_SORTS, paymentKindKey } from '@optika/domain/commerce/admin-orders-api'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import { TablePager } from '../../../components/table-pager.tsx'
import { exportUrl, useOrderList } from '../api/orders-api.ts'
import {
  CHOICE_FILTERS,
  ORDERS_PAGE_SIZE,
  readFilters,
  writeFilters,
  type OrderFilters,
} from '../model/order-filters.ts'
import { countryLabelKey, orderStatusLabelKey } from '../model/order-labels.ts'
import { useOrderFormats } from '../model/use-order-formats.ts'
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
  const format = useOrderFormats()
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const [searchInput, setSearchInput] = useState(filters.search)
  const list = useOrderList(filters)
  const update = (change: Partial<OrderFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...change }), { replace: true })
  const updateSearch = useDebouncedCallback((search: string) => update({ search }), 300)
  const all = { value: '', label: t('admin.orders.filter.all') }
  const countryName = (code: string) => {
    const key = countryLabelKey(code)
    return key === null ? code : t(key)
  }

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-label={t('admin.orders.filter.label')}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput
              type="search"
              label={t('admin.orders.search.label')}
              placeholder={t('admin.orders.search.placeholder')}
              value={searchInput}
              onChange={(event) => {
                setSearchInput(event.currentTarget.value)
                updateSearch(event.currentTarget.value)
              }}
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
              label={t('admin.orders.sort.label')}
              data={ORDER_SORTS.map((sort) => ({
                value: sort,
                label: t(`admin.orders.sort.${sort}`),
              }))}
              value={filters.sort}
              onChange={(sort) => update({ sort: sort === 'total' ? 'total' : 'createdAt' })}
              allowDeselect={false}
            />
            <Select
              label={t('admin.orders.direction.label')}
              data={[
                { value: 'asc', label: t('admin.orders.direction.asc') },
                { value: 'desc', label: t('admin.orders.direction.desc') },
              ]}
              value={filters.order}
              onChange={(order) => update({ order: order === 'asc' ? 'asc' : 'desc' })}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Group>
            <Button component="a" href={exportUrl(filters, 'csv')} download variant="default">
              {t('admin.orders.export.csv')}
            </Button>
            <Button component="a" href={exportUrl(filters, 'xlsx')} download variant="default">
              {t('admin.orders.export.xlsx')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" role="status">
            {t('admin.orders.count', { count: list.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={960}>
            <Table
              striped
              highlightOnHover
              withTableBorder
              aria-label={t('admin.orders.listLabel')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('order.number')}</Table.Th>
                  <Table.Th>{t('order.date')}</Table.Th>
                  <Table.Th>{t('order.status')}</Table.Th>
                  <Table.Th>{t('admin.orders.section.buyer')}</Table.Th>
                  <Table.Th>{t('customer.clientNumber')}</Table.Th>
                  <Table.Th>{t('customer.country')}</Table.Th>
                  <Table.Th>{t('admin.orders.field.paymentKind')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('order.priceWithVat')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={8} c="dimmed">
                      {t('list.noItems')}
                    </Table.Td>
                  </Table.Tr>
                )}
                {list.data.items.map((order) => (
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager
            total={list.data.total}
            pageSize={ORDERS_PAGE_SIZE}
            page={filters.page}
            onChange={(page) => update({ page })}
          />
        </Stack>
      )}
    </Stack>
  )
}
