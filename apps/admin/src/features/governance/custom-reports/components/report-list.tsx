import { Alert, Badge, Loader, NavLink, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useReportTree } from '../api/custom-reports-api.ts'

/** The reports grouped (the viewer's shared ones, or every report for the editor), searchable. */
export function ReportList({
  config,
  selected,
  onSelect,
}: {
  config: boolean
  selected: string | null
  onSelect: (name: string) => void
}) {
  const { t } = useTranslation()
  const tree = useReportTree(config)
  const [search, setSearch] = useState('')
  if (tree.isPending)
    return <Loader size="sm" role="status" aria-label={t('customReports.screen.loading')} />
  if (tree.isError) return <Alert color="red">{tree.error.message}</Alert>
  const needle = search.trim().toLowerCase()
  const groups = tree.data.groups
    .map((group) => ({
      ...group,
      reports: group.reports.filter(
        (r) => !needle || `${r.niceName} ${r.name}`.toLowerCase().includes(needle),
      ),
    }))
    .filter((group) => group.reports.length > 0)
  return (
    <Stack gap="xs" component="nav" aria-label={t('customReports.screen.listLabel')}>
      <TextInput
        type="search"
        label={t('customReports.screen.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {groups.length === 0 && <Text c="dimmed">{t('customReports.screen.noReports')}</Text>}
      {groups.map((group) => (
        <Stack key={group.name} gap={2}>
          <Text size="sm" fw={600} component="h2">
            {group.name || t('customReports.screen.ungrouped')}
          </Text>
          {group.reports.map((report) => (
            <NavLink
              key={report.name}
              component="button"
              label={report.niceName}
              description={report.niceName === report.name ? undefined : report.name}
              active={selected === report.name}
              aria-current={selected === report.name ? 'page' : undefined}
              onClick={() => onSelect(report.name)}
              rightSection={
                report.chartType === 'none' ? undefined : (
                  <Badge size="xs" variant="light">
                    {t(`customReports.screen.chart.${report.chartType}`)}
                  </Badge>
                )
              }
            />
          ))}
        </Stack>
      ))}
    </Stack>
  )
}
