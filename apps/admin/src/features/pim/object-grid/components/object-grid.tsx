import {
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  ExportFormat,
  GridColumnInfo,
  GridConfig,
  GridFilter,
  GridListInput,
  GridSelection,
} from '@optika/domain/pim/grid-api'
import { LOCALES, isLocale, type Locale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import {
  exportDownloadUrl,
  startExport,
  useColumnConfig,
  useGridPage,
} from '../api/object-grid-api.ts'
import { BatchDialog } from './batch-dialog.tsx'
import { ColumnPicker } from './column-picker.tsx'
import { ConfigBar } from './config-bar.tsx'
import { FilterCell } from './filter-cell.tsx'
import { GridCell } from './grid-cell.tsx'
import { ImportDialog } from './import-dialog.tsx'
import { JobProgress } from './job-progress.tsx'

export interface ObjectGridProps {
  /** The folder whose objects the grid lists. */
  folderId: number
  /** The class of the listed objects. */
  classId: string
}

const PAGE_SIZES = ['10', '25', '50', '100', '200']

/**
 * The object grid of a folder: objects of one class below it, with chosen columns (saved
 * configurations), sorting, per-column filters, inline edits, batch edits, CSV/XLSX export
 * and CSV import.
 */
export function ObjectGrid({ folderId, classId }: ObjectGridProps) {
  // null: the configuration the server picks (favourite, shared, default); 0: the class default.
  const [configId, setConfigId] = useState<number | null>(null)
  const answer = useColumnConfig(classId, folderId, configId)
  if (answer.isPending) return <ScreenLoader />
  if (answer.isError) return <RequestErrorAlert error={answer.error} />
  return (
    <GridBody
      key={`${classId}:${folderId}`}
      folderId={folderId}
      classId={classId}
      answer={answer.data}
      onSelectConfig={(id) => setConfigId(id ?? 0)}
    />
  )
}

interface GridBodyProps extends ObjectGridProps {
  answer: NonNullable<ReturnType<typeof useColumnConfig>['data']>
  onSelectConfig: (id: number | null) => void
}

function GridBody({ folderId, classId, answer, onSelectConfig }: GridBodyProps) {
  const { t, i18n } = useTranslation()
  const sourceKey = String(answer.current.id ?? 'default')
  const [edited, setEdited] = useState<{ key: string; config: GridConfig } | null>(null)
  const config = edited?.key === sourceKey ? edited.config : answer.current.config
  const update = (patch: Partial<GridConfig>) => {
    setEdited({ key: sourceKey, config: { ...config, ...patch } })
    setPage(1)
  }
  const [page, setPage] = useState(1)
  const [query, setQuery] = useState('')
  const [onlyDirectChildren, setOnlyDirectChildren] = useState(false)
  const [includeVariants, setIncludeVariants] = useState(false)
  const [dialog, setDialog] = useState<'columns' | 'batch' | 'import' | null>(null)
  const [exportJob, setExportJob] = useState<{ id: string; format: ExportFormat } | null>(null)

  const uiLanguage = isLocale(i18n.language) ? i18n.language : 'cs'
  const language: Locale = config.language ?? uiLanguage
  const pageSize = config.pageSize ?? 25
  const filters = config.filters ?? []
  const infos = new Map(answer.available.map((c) => [c.key, c]))
  const columns = config.columns
    .map((c) => infos.get(c.key))
    .filter((c): c is GridColumnInfo => c !== undefined)

  const selection: GridSelection = {
    folderId,
    classId,
    onlyDirectChildren,
    includeVariants,
    filters,
    query: query.trim(),
    language,
  }
  const listInput: GridListInput = {
    ...selection,
    limit: pageSize,
    start: (page - 1) * pageSize,
    ...(config.sort ? { sort: config.sort } : {}),
  }
  // Typing in filters asks the server once the typing pauses (a string compares by value).
  const [debounced] = useDebouncedValue(JSON.stringify(listInput), 250)
  const grid = useGridPage(JSON.parse(debounced) as GridListInput, true)
  const total = grid.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / pageSize))

  const exporting = useMutation({
    mutationFn: (format: ExportFormat) =>
      startExport({
        selection,
        ...(config.sort ? { sort: config.sort } : {}),
        format,
        columns: columns.map((c) => c.key),
      }),
    onSuccess: (id, format) => setExportJob({ id, format }),
  })

  const setFilter = (column: string, filter: GridFilter | undefined) =>
    update({
      filters: [...filters.filter((f) => f.column !== column), ...(filter ? [filter] : [])],
    })
  const toggleSort = (column: string) => {
    const sort = config.sort
    if (sort?.column !== column) update({ sort: { column, direction: 'asc' } })
    else if (sort.direction === 'asc') update({ sort: { column, direction: 'desc' } })
    else update({ sort: undefined })
  }

  return (
    <Stack gap="md">
      <ConfigBar
        classId={classId}
        folderId={folderId}
        answer={answer}
        config={config}
        onSelect={onSelectConfig}
      />
      <Paper
        withBorder
        p="sm"
        radius="md"
        component="section"
        aria-label={t('adminPimGrid.toolbar')}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            label={t('adminPimGrid.search')}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value)
              setPage(1)
            }}
          />
          <Select
            label={t('adminPimGrid.language')}
            data={LOCALES.map((code) => ({ value: code, label: languageName(code) }))}
            value={language}
            onChange={(value) => value && isLocale(value) && update({ language: value })}
            allowDeselect={false}
            w={200}
          />
          <Checkbox
            label={t('adminPimGrid.onlyDirectChildren')}
            checked={onlyDirectChildren}
            onChange={(event) => {
              setOnlyDirectChildren(event.currentTarget.checked)
              setPage(1)
            }}
          />
          <Checkbox
            label={t('adminPimGrid.includeVariants')}
            checked={includeVariants}
            onChange={(event) => {
              setIncludeVariants(event.currentTarget.checked)
              setPage(1)
            }}
          />
        </Group>
        <Group gap="xs" mt="sm" wrap="wrap">
          <Button variant="default" onClick={() => setDialog('columns')}>
            {t('adminPimGrid.columns.open')}
          </Button>
          <Button
            variant="default"
            disabled={filters.length === 0}
            onClick={() => update({ filters: [] })}
          >
            {t('adminPimGrid.filter.clear')}
          </Button>
          <Button variant="default" onClick={() => setDialog('batch')}>
            {t('adminPimGrid.batch.open')}
          </Button>
          <Button variant="default" onClick={() => setDialog('import')}>
            {t('adminPimGrid.import.open')}
          </Button>
          <Button
            variant="light"
            loading={exporting.isPending && exporting.variables === 'csv'}
            onClick={() => exporting.mutate('csv')}
          >
            {t('adminPimGrid.export.csv')}
          </Button>
          <Button
            variant="light"
            loading={exporting.isPending && exporting.variables === 'xlsx'}
            onClick={() => exporting.mutate('xlsx')}
          >
            {t('adminPimGrid.export.xlsx')}
          </Button>
        </Group>
        <RequestErrorAlert error={exporting.error} />
        {exportJob && (
          <Stack mt="sm">
            <JobProgress
              key={exportJob.id}
              jobId={exportJob.id}
              label={t('adminPimGrid.export.progress')}
              download={{ url: exportDownloadUrl(exportJob.id, exportJob.format) }}
            />
          </Stack>
        )}
      </Paper>

      <RequestErrorAlert error={grid.error} />
      <Text size="sm" c="dimmed" role="status">
        {t('adminPimGrid.count', { count: total })}
      </Text>
      <Table.ScrollContainer minWidth={Math.max(600, columns.length * 140)}>
        <Table striped withTableBorder highlightOnHover aria-label={t('adminPimGrid.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const sorted = config.sort?.column === column.key ? config.sort.direction : null
                return (
                  <Table.Th
                    key={column.key}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                    }
                  >
                    <UnstyledButton
                      onClick={() => toggleSort(column.key)}
                      title={t('adminPimGrid.sortBy', { column: column.title })}
                      fw={600}
                      fz="sm"
                    >
                      {column.title}
                      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                    </UnstyledButton>
                  </Table.Th>
                )
              })}
            </Table.Tr>
            <Table.Tr aria-label={t('adminPimGrid.filters')}>
              {columns.map((column) => (
                <Table.Td key={column.key}>
                  <FilterCell
                    column={column}
                    filter={filters.find((f) => f.column === column.key)}
                    onChange={(filter) => setFilter(column.key, filter)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.data?.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length} c="dimmed">
                  {t('adminPimGrid.empty')}
                </Table.Td>
              </Table.Tr>
            )}
            {grid.data?.rows.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>
                    <GridCell row={row} column={column} language={language} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {grid.isPending && <ScreenLoader />}
      <Group justify="space-between">
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          aria-label={t('adminPimGrid.pagination')}
        />
        <Select
          label={t('adminPimGrid.pageSize')}
          data={PAGE_SIZES}
          value={String(pageSize)}
          onChange={(value) => value && update({ pageSize: Number(value) })}
          allowDeselect={false}
          w={120}
        />
      </Group>

      <ColumnPicker
        opened={dialog === 'columns'}
        available={answer.available}
        selected={columns.map((c) => c.key)}
        onClose={() => setDialog(null)}
        onApply={(keys) => {
          update({ columns: keys.map((key) => ({ key })) })
          setDialog(null)
        }}
      />
      <BatchDialog
        opened={dialog === 'batch'}
        onClose={() => setDialog(null)}
        available={answer.available}
        selection={selection}
        total={total}
      />
      <ImportDialog
        opened={dialog === 'import'}
        onClose={() => setDialog(null)}
        folderId={folderId}
        classId={classId}
        language={language}
      />
    </Stack>
  )
}
