import '@mantine/charts/styles.css'
import { BarChart, LineChart } from '@mantine/charts'
import { Group, Select, Stack, Table, Text } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCIES, MINOR_UNITS, type Currency } from '@optika/domain/commerce/currencies'
import { CHART_RANGES, type WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useFormats } from '../../../../components/use-formats.ts'
import { useOrdersPerDay } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

function isCurrency(value: unknown): value is Currency {
  return (CURRENCIES as readonly unknown[]).includes(value)
}

/**
 * Orders and gross revenue per day in one currency, as a chart with its figures in a table
 * beside it for anyone who cannot see the chart. Currency and range are picked in place.
 */
export function OrdersChartWidget({ widget, onConfigure }: WidgetBodyProps) {
  const { t, i18n } = useTranslation()
  const { money } = useFormats()
  const config = widget.config as WidgetConfigOf<'ordersChart'>
  const days = config.days ?? 30
  const query = useOrdersPerDay(isCurrency(config.currency) ? config.currency : undefined, days)
  const summaryId = useId()
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'numeric' })
  return (
    <WidgetQueryState query={query}>
      {(data) => {
        const unit = MINOR_UNITS[data.currency]
        const points = data.days.map((day) => ({
          day: dayFormat.format(new Date(`${day.datetext}T00:00:00Z`)),
          revenue: day.revenue / unit,
          orders: day.orders,
        }))
        const totalOrders = data.days.reduce((sum, day) => sum + day.orders, 0)
        const totalRevenue = data.days.reduce((sum, day) => sum + day.revenue, 0)
        const Chart = config.kind === 'bar' ? BarChart : LineChart
        return (
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <Select
                size="xs"
                w={110}
                label={t('dashboards.settings.currency')}
                data={data.currencies.length > 0 ? data.currencies : [...CURRENCIES]}
                value={data.currency}
                allowDeselect={false}
                onChange={(value) => {
                  if (isCurrency(value)) onConfigure({ ...widget.config, currency: value })
                }}
              />
              <Select
                size="xs"
                w={170}
                label={t('dashboards.settings.days')}
                data={CHART_RANGES.map((count) => ({
                  value: String(count),
                  label: t('dashboards.settings.daysOption', { count }),
                }))}
                value={String(days)}
                allowDeselect={false}
                onChange={(value) => {
                  if (value !== null) onConfigure({ ...widget.config, days: Number(value) })
                }}
              />
            </Group>
            <Text size="sm" id={summaryId}>
              {t('dashboards.orders.summary', {
                days,
                orders: totalOrders,
                revenue: money(totalRevenue, data.currency),
              })}
            </Text>
            <div role="img" aria-labelledby={summaryId}>
              <Chart
                h={200}
                data={points}
                dataKey="day"
                series={[
                  { name: 'revenue', label: t('dashboards.orders.revenue'), color: 'blue.7' },
                ]}
                valueFormatter={(value) => money(Math.round(value * unit), data.currency)}
                withYAxis={false}
                tickLine="x"
              />
            </div>
            <details>
              <summary>{t('dashboards.orders.figures')}</summary>
              <Table.ScrollContainer minWidth={260}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('dashboards.orders.day')}</Table.Th>
                      <Table.Th ta="right">{t('dashboards.orders.orders')}</Table.Th>
                      <Table.Th ta="right">{t('dashboards.orders.revenue')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.days.map((day, index) => (
                      <Table.Tr key={day.datetext}>
                        <Table.Td>{points[index]?.day}</Table.Td>
                        <Table.Td ta="right">{day.orders}</Table.Td>
                        <Table.Td ta="right">{money(day.revenue, data.currency)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </details>
          </Stack>
        )
      }}
    </WidgetQueryState>
  )
}
