import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type {
  ReportColumn,
  ReportData,
  ReportExportFormat,
  ReportFilter,
} from '@optika/domain/operations/custom-reports'
import {
  exportFileUrl,
  readExportJob,
  startExport,
  useDrillDownOptions,
  useReportChart,
  useReportData,
  useReportTree,
} from '../api/custom-reports-api.ts'
import { ReportChart } from './report-chart.tsx'
import { ReportList } from './report-list.tsx'

/** The "Reports" tab: pick a report, filter, sort and page its rows, see its chart, export it. */
export function ReportViewerPanel() {
  const [params, setParams] = useSearchParams()
  const selected = params.get('report')
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <ReportList
          config={false}
          selected={selected}
          onSelect={(name) => setParams({ report: name })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selected ? <ReportView key={selected} name={selected} /> : <NoneSelected />}
      </Grid.Col>
    </Grid>
  )
}

function NoneSelected() {
  const { t } = useTranslation()
  return <Text c="dimmed">{t('customReports.screen.pickReport')}</Text>
}

type FilterValues = Record<string, { value?: string; from?: string; to?: string }>

function toFilters(columns: readonly ReportColumn[], values: FilterValues): ReportFilter[] {
  const filters: ReportFilter[] = []
  for (const column of columns) {
    const v = values[column.name]
    if (!v) continue
    if ((column.filter === 'text' || column.filter === 'list') && v.value) {
      filters.push({
        column: column.name,
        operator: column.filter === 'text' ? 'like' : 'eq',
        value: v.value,
      })
    }
    if (column.filter === 'number' || column.filter === 'date') {
      if (v.from) filters.push({ column: column.name, operator: 'gt', value: v.from })
      if (v.to) filters.push({ column: column.name, operator: 'lt', value: v.to })
    }
  }
  return filters
}

function ReportView({ name }: { name: string }) {
  const { t } = useTranslation()
  const tree = useReportTree(false)
  const summary = tree.data?.groups.flatMap((g) => g.reports).find((r) => r.name === name)
  const [values, setValues] = useState<FilterValues>({})
  const [sort, setSort] = useState<{ column: string; dir: 'asc' | 'desc' } | null>(null)
  const [page, setPage] = useState(1)
  const pageSize = 25
  const first = useReportData(name, { filters: [], sort: null, dir: 'asc', page: 1, pageSize })
  const columns = first.data?.columns ?? []
  const filters = toFilters(columns, values)
  const data = useReportData(name, {
    filters,
    sort: sort?.column ?? null,
    dir: sort?.dir ?? 'asc',
    page,
    pageSize,
  })
  const chart = useReportChart(name, filters, (summary?.chartType ?? 'none') !== 'none')
  const setValue = (column: string, patch: FilterValues[string]) => {
    setValues((old) => ({ ...old, [column]: { ...old[column], ...patch } }))
    setPage(1)
  }
  const title = summary?.niceName ?? name
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      {first.isError && <Alert color="red">{first.error.message}</Alert>}
      {columns.some((c) => c.filter !== 'none') && (
        <Paper withBorder p="sm" component="section" aria-label={t('customReports.screen.filters')}>
          <Group align="flex-end" wrap="wrap">
            {columns
              .filter((c) => c.filter !== 'none')
              .map((column) => (
                <FilterControl
                  key={column.name}
                  report={name}
                  column={column}
                  value={values[column.name] ?? {}}
                  onChange={(patch) => setValue(column.name, patch)}
                />
              ))}
            <Button
              variant="subtle"
              onClick={() => {
                setValues({})
                setPage(1)
              }}
            >
              {t('customReports.screen.clearFilters')}
            </Button>
          </Group>
        </Paper>
      )}
      {chart.data && chart.data.type !== 'none' && <ReportChart chart={chart.data} />}
      {data.isError && <Alert color="red">{data.error.message}</Alert>}
      {data.isPending && (
        <Loader size="sm" role="status" aria-label={t('customReports.screen.loading')} />
      )}
      {data.data && (
        <ReportTable
          data={data.data}
          sort={sort}
          onSort={(column) => {
            setSort((old) =>
              old?.column === column
                ? { column, dir: old.dir === 'asc' ? 'desc' : 'asc' }
                : { column, dir: 'asc' },
            )
            setPage(1)
          }}
        />
      )}
      {data.data && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" aria-live="polite">
            {data.data.truncated
              ? t('customReports.screen.rowsTruncated', { count: data.data.total })
              : t('customReports.screen.rows', { count: data.data.total })}
          </Text>
          <Pagination
            total={Math.max(1, Math.ceil(data.data.total / pageSize))}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': t(`customReports.screen.page.${control}`),
            })}
            getItemProps={(p) => ({
              'aria-label': t('customReports.screen.page.number', { page: p }),
            })}
          />
        </Group>
      )}
      <ExportButtons
        name={name}
        query={{ filters, sort: sort?.column ?? null, dir: sort?.dir ?? 'asc' }}
      />
    </Stack>
  )
}

function FilterControl({
  report,
  column,
  value,
  onChange,
}: {
  report: string
  column: ReportColumn
  value: FilterValues[string]
  onChange: (patch: FilterValues[string]) => void
}) {
  const { t } = useTranslation()
  const label = column.label || column.name
  const [open, setOpen] = useState(false)
  const options = useDrillDownOptions(report, column.name, column.filter === 'list' && open)
  if (column.filter === 'list') {
    return (
      <Select
        label={label}
        placeholder={t('customReports.screen.any')}
        clearable
        searchable
        w={180}
        value={value.value ?? null}
        onDropdownOpen={() => setOpen(true)}
        data={[
          ...new Set([
            ...(value.value ? [value.value] : []),
            ...(options.data?.data ?? []).map((o) => String(o.value ?? '')),
          ]),
        ]}
        nothingFoundMessage={options.isPending ? t('customReports.screen.loading') : undefined}
        onChange={(v) => onChange({ value: v ?? '' })}
      />
    )
  }
  if (column.filter === 'text') {
    return (
      <TextInput
        label={label}
        w={180}
        value={value.value ?? ''}
        onChange={(event) => onChange({ value: event.currentTarget.value })}
      />
    )
  }
  if (column.filter === 'number') {
    return (
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          label={t('customReports.screen.from', { column: label })}
          w={120}
          value={value.from ?? ''}
          onChange={(v) => onChange({ from: String(v) })}
        />
        <NumberInput
          label={t('customReports.screen.to', { column: label })}
          w={120}
          value={value.to ?? ''}
          onChange={(v) => onChange({ to: String(v) })}
        />
      </Group>
    )
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        type="date"
        label={t('customReports.screen.from', { column: label })}
        w={150}
        value={value.from ?? ''}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('customReports.screen.to', { column: label })}
        w={150}
        value={value.to ?? ''}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
      />
    </Group>
  )
}

function ReportTable({
  data,
  sort,
  onSort,
}: {
  data: ReportData
  sort: { column: string; dir: 'asc' | 'desc' } | null
  onSort: (column: string) => void
}) {
  const { t } = useTranslation()
  const visible = data.columns.filter((c) => c.visible)
  return (
    <Table.ScrollContainer minWidth={400}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {visible.map((column) => {
              const label = column.label || column.name
              const sorted = sort?.column === column.name ? sort.dir : null
              return (
                <Table.Th
                  key={column.name}
                  style={column.width ? { width: column.width } : undefined}
                  aria-sort={
                    sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                  }
                  ta={column.type === 'number' ? 'right' : undefined}
                >
                  {column.sortable ? (
                    <UnstyledButton
                      onClick={() => onSort(column.name)}
                      fw={600}
                      fz="sm"
                      aria-label={t('customReports.screen.sortBy', { column: label })}
                    >
                      {label} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </UnstyledButton>
                  ) : (
                    label
                  )}
                </Table.Th>
              )
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.data.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={visible.length}>{t('customReports.screen.noRows')}</Table.Td>
            </Table.Tr>
          )}
          {data.data.map((row, index) => (
            <Table.Tr key={index}>
              {visible.map((column) => (
                <Table.Td key={column.name} ta={column.type === 'number' ? 'right' : undefined}>
                  {row[column.name] === null ? '' : String(row[column.name])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function ExportButtons({
  name,
  query,
}: {
  name: string
  query: { filters: ReportFilter[]; sort: string | null; dir: 'asc' | 'desc' }
}) {
  const { t } = useTranslation()
  const [job, setJob] = useState<{ id: string; format: ReportExportFormat } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const status = useQuery({
    queryKey: ['admin', 'custom-reports', 'export', job?.id ?? ''],
    queryFn: () => readExportJob(job!.id),
    enabled: job !== null,
    refetchInterval: (q) =>
      q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : 700,
  })
  const start = async (format: ReportExportFormat) => {
    setError(null)
    setJob(null)
    try {
      setJob({ id: await startExport(name, format, query), format })
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <Stack gap="xs" component="section" aria-label={t('customReports.screen.export')}>
      <Group>
        <Button variant="default" onClick={() => void start('csv')}>
          {t('customReports.screen.exportCsv')}
        </Button>
        <Button variant="default" onClick={() => void start('xlsx')}>
          {t('customReports.screen.exportXlsx')}
        </Button>
      </Group>
      <div aria-live="polite">
        {error && <Alert color="red">{error}</Alert>}
        {job && status.data?.status === 'failed' && (
          <Alert color="red">{status.data.error ?? t('customReports.screen.exportFailed')}</Alert>
        )}
        {job && status.data?.status === 'done' && (
          <Anchor href={exportFileUrl(job.id)} download>
            {t('customReports.screen.download', { file: `${name}.${job.format}` })}
          </Anchor>
        )}
        {job && status.data?.status !== 'done' && status.data?.status !== 'failed' && (
          <Text size="sm">
            {t('customReports.screen.exporting', { percent: status.data?.percent ?? 0 })}
          </Text>
        )}
      </div>
    </Stack>
  )
}
