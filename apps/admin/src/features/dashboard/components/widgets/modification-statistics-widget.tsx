import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useModificationStatistics } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

/** Changed objects, assets and documents per day, stacked, with the totals as its text. */
export function ModificationStatisticsWidget({ widget }: WidgetBodyProps) {
  const { t, i18n } = useTranslation()
  const config = widget.config as WidgetConfigOf<'modificationStatistics'>
  const days = config.days ?? 30
  const query = useModificationStatistics(days)
  const summaryId = useId()
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'numeric' })
  return (
    <WidgetQueryState query={query}>
      {(data) => {
        const sum = (field: 'objects' | 'assets' | 'documents') =>
          data.data.reduce((total, day) => total + day[field], 0)
        return (
          <Stack gap="sm">
            <Text size="sm" id={summaryId}>
              {t('dashboards.stats.summary', {
                days,
                objects: sum('objects'),
                assets: sum('assets'),
                documents: sum('documents'),
              })}
            </Text>
            <div role="img" aria-labelledby={summaryId}>
              <BarChart
                h={180}
                type="stacked"
                data={data.data.map((day) => ({
                  ...day,
                  day: dayFormat.format(new Date(`${day.datetext}T00:00:00Z`)),
                }))}
                dataKey="day"
                withLegend
                series={[
                  { name: 'objects', label: t('dashboards.stats.objects'), color: 'blue.7' },
                  { name: 'assets', label: t('dashboards.stats.assets'), color: 'teal.7' },
                  { name: 'documents', label: t('dashboards.stats.documents'), color: 'grape.7' },
                ]}
              />
            </div>
          </Stack>
        )
      }}
    </WidgetQueryState>
  )
}
