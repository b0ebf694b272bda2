import { Anchor, Stack, Table } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useFormats } from '../../../../components/use-formats.ts'
import { OrderStatusBadge } from '../../../commerce/orders/components/order-status-badge.tsx'
import { useLatestOrders } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

/** The newest orders, each opening its detail. */
export function LatestOrdersWidget({ widget }: WidgetBodyProps) {
  const { t } = useTranslation()
  const { money, dateTime } = useFormats()
  const config = widget.config as WidgetConfigOf<'latestOrders'>
  const query = useLatestOrders(config.limit ?? 8)
  return (
    <WidgetQueryState query={query} isEmpty={(data) => data.orders.length === 0}>
      {(data) => (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={280}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboards.orders.number')}</Table.Th>
                  <Table.Th>{t('dashboards.orders.status')}</Table.Th>
                  <Table.Th ta="right">{t('dashboards.orders.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/shop-orders/${order.id}`}>
                        {order.number}
                      </Anchor>
                      <div style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
                        {order.name} · {dateTime(order.createdAt)}
                      </div>
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} size="sm" />
                    </Table.Td>
                    <Table.Td ta="right">{money(order.totalGross, order.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Anchor component={Link} to="/shop-orders" size="sm">
            {t('dashboards.orders.all')}
          </Anchor>
        </Stack>
      )}
    </WidgetQueryState>
  )
}
