import '@mantine/charts/styles.css'
import { BarChart, LineChart, PieChart } from '@mantine/charts'
import { Table, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { ReportChartData } from '@optika/domain/operations/custom-reports'

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6']

/**
 * A report's chart (line, bar or pie) with its figures as a table for screen readers (the chart
 * is one labelled image to them, the table beside it says the figures).
 */
export function ReportChart({ chart }: { chart: ReportChartData }) {
  const { t } = useTranslation()
  const x = chart.xColumn
  if (chart.type === 'none' || !x || chart.series.length === 0) return null
  const series = chart.series.map((s, i) => ({
    name: s.column,
    label: s.label,
    color: COLORS[i % COLORS.length]!,
  }))
  const figures = (
    <VisuallyHidden>
      <Table>
        <caption>{t('customReports.screen.chartFigures', { name: chart.niceName })}</caption>
        <thead>
          <tr>
            <th scope="col">{x}</th>
            {chart.series.map((s) => (
              <th scope="col" key={s.column}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.data.map((point, index) => (
            <tr key={index}>
              <th scope="row">{String(point[x] ?? '')}</th>
              {chart.series.map((s) => (
                <td key={s.column}>{point[s.column] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </VisuallyHidden>
  )
  let drawn
  if (chart.type === 'pie') {
    const first = chart.series[0]!.column
    drawn = (
      <PieChart
        size={220}
        withLabelsLine
        withTooltip
        data={chart.data.slice(0, 12).map((point, i) => ({
          name: String(point[x] ?? ''),
          value: Number(point[first] ?? 0),
          color: COLORS[i % COLORS.length]!,
        }))}
      />
    )
  } else if (chart.type === 'line') {
    drawn = <LineChart h={260} data={chart.data} dataKey={x} series={series} withLegend />
  } else {
    drawn = <BarChart h={260} data={chart.data} dataKey={x} series={series} withLegend />
  }
  return (
    <figure style={{ margin: 0, maxWidth: '100%', overflow: 'hidden' }}>
      <div role="img" aria-label={t('customReports.screen.chartFigures', { name: chart.niceName })}>
        {drawn}
      </div>
      {figures}
    </figure>
  )
}
