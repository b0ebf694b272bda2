import '@mantine/charts/styles.css'
import { BarChart, LineChart, PieChart } from '@mantine/charts'
import { Anchor, Stack, Table, Text } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useReportChart, type ReportChart } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

const COLORS = ['blue.7', 'teal.7', 'grape.7', 'orange.7', 'red.7', 'indigo.7']

/** A custom report's chart (chosen in the widget's settings), with its figures as a table. */
export function ReportChartWidget({ widget }: WidgetBodyProps) {
  const { t } = useTranslation()
  const config = widget.config as WidgetConfigOf<'customReportChart'>
  const query = useReportChart(config.report)
  if (config.report === undefined) return <Text c="dimmed">{t('dashboards.report.choose')}</Text>
  return (
    <WidgetQueryState query={query} isEmpty={(chart) => chart.data.length === 0}>
      {(chart) => <ReportChartView chart={chart} />}
    </WidgetQueryState>
  )
}

function ReportChartView({ chart }: { chart: ReportChart }) {
  const { t } = useTranslation()
  const captionId = useId()
  const x = chart.xColumn ?? ''
  const series = chart.series.map((s, index) => ({
    name: s.column,
    label: s.label,
    color: COLORS[index % COLORS.length]!,
  }))
  const data = chart.data.map((row) => {
    const point: Record<string, string | number> = { [x]: String(row[x] ?? '') }
    for (const s of chart.series) point[s.column] = Number(row[s.column] ?? 0)
    return point
  })
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500} id={captionId}>
        {chart.niceName || chart.name}
      </Text>
      <div role="img" aria-labelledby={captionId}>
        {chart.type === 'pie' && series[0] ? (
          <PieChart
            h={200}
            withTooltip
            data={data.map((point, index) => ({
              name: String(point[x]),
              value: Number(point[series[0]!.name] ?? 0),
              color: COLORS[index % COLORS.length]!,
            }))}
          />
        ) : chart.type === 'bar' ? (
          <BarChart h={200} data={data} dataKey={x} series={series} />
        ) : (
          <LineChart h={200} data={data} dataKey={x} series={series} />
        )}
      </div>
      <details>
        <summary>{t('dashboards.report.figures')}</summary>
        <Table.ScrollContainer minWidth={240}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{x}</Table.Th>
                {chart.series.map((s) => (
                  <Table.Th key={s.column} ta="right">
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((point, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{point[x]}</Table.Td>
                  {chart.series.map((s) => (
                    <Table.Td key={s.column} ta="right">
                      {point[s.column]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
      <Anchor component={Link} to="/custom-reports" size="sm">
        {t('dashboards.report.open')}
      </Anchor>
    </Stack>
  )
}
