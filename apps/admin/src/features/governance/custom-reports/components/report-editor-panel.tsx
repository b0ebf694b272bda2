import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import {
  CHART_TYPES,
  COLUMN_FILTERS,
  COLUMN_TYPES,
  type Report,
  type ReportColumn,
  type ReportConfiguration,
} from '@optika/domain/operations/custom-reports'
import {
  addReport,
  cloneReport,
  deleteReport,
  reportKeys,
  saveReport,
  testReportSql,
  useReport,
} from '../api/custom-reports-api.ts'
import { ReportList } from './report-list.tsx'

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** The "Configure" tab (`reportsConfig`): create, edit (SQL with a test run, columns, chart, sharing), clone, delete. */
export function ReportEditorPanel() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const selected = params.get('report')
  const queryClient = useQueryClient()
  const [newName, setNewName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = async () => {
    setError(null)
    try {
      const report = await addReport(newName.trim())
      setNewName('')
      await queryClient.invalidateQueries({ queryKey: reportKeys.all })
      setParams({ report: report.name })
    } catch (e) {
      setError(message(e))
    }
  }
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              void create()
            }}
          >
            <Group align="flex-end" gap="xs">
              <TextInput
                label={t('customReports.screen.newName')}
                description={t('customReports.screen.newNameHint')}
                value={newName}
                onChange={(event) => setNewName(event.currentTarget.value)}
                required
                style={{ flex: 1 }}
                error={error}
              />
              <Button type="submit">{t('customReports.screen.add')}</Button>
            </Group>
          </form>
          <ReportList config selected={selected} onSelect={(name) => setParams({ report: name })} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selected ? (
          <EditorLoader key={selected} name={selected} onGone={() => setParams({})} />
        ) : (
          <Text c="dimmed">{t('customReports.screen.pickReport')}</Text>
        )}
      </Grid.Col>
    </Grid>
  )
}

function EditorLoader({ name, onGone }: { name: string; onGone: () => void }) {
  const report = useReport(name)
  if (report.isError) return <Alert color="red">{report.error.message}</Alert>
  if (!report.data) return null
  return <ReportEditor report={report.data} onGone={onGone} />
}

function configurationOf(report: Report): ReportConfiguration {
  const { id: _id, name: _name, createdAt: _c, modifiedAt: _m, ...config } = report
  return config
}

function ReportEditor({ report, onGone }: { report: Report; onGone: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [, setParams] = useSearchParams()
  const [config, setConfig] = useState<ReportConfiguration>(() => configurationOf(report))
  const [preview, setPreview] = useState<Record<string, unknown>[] | null>(null)
  const [sqlError, setSqlError] = useState<string | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [cloneOpen, setCloneOpen] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [cloneName, setCloneName] = useState('')
  const set = (patch: Partial<ReportConfiguration>) => {
    setSaved(false)
    setConfig((old) => ({ ...old, ...patch }))
  }
  const setColumn = (index: number, patch: Partial<ReportColumn>) =>
    set({ columns: config.columns.map((c, i) => (i === index ? { ...c, ...patch } : c)) })
  const columnNames = config.columns.map((c) => ({ value: c.name, label: c.label || c.name }))

  const test = async () => {
    setSqlError(null)
    setPreview(null)
    try {
      const answer = await testReportSql(report.name, config.sql)
      set({ columns: answer.columns })
      setPreview(answer.preview)
    } catch (e) {
      setSqlError(message(e))
    }
  }
  const save = async () => {
    setSaveError(null)
    try {
      const updated = await saveReport(report.name, config)
      setConfig(configurationOf(updated))
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey: reportKeys.all })
    } catch (e) {
      setSaveError(message(e))
    }
  }
  const clone = async () => {
    try {
      const copy = await cloneReport(report.name, cloneName.trim())
      setCloneOpen(false)
      await queryClient.invalidateQueries({ queryKey: reportKeys.all })
      setParams({ report: copy.name })
    } catch (e) {
      setSaveError(message(e))
      setCloneOpen(false)
    }
  }
  const remove = async () => {
    try {
      await deleteReport(report.name)
      setDeleteOpen(false)
      await queryClient.invalidateQueries({ queryKey: reportKeys.all })
      onGone()
    } catch (e) {
      setSaveError(message(e))
      setDeleteOpen(false)
    }
  }

  return (
    <Stack>
      <Title order={2}>{config.niceName || report.name}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('customReports.screen.niceName')}
            value={config.niceName}
            onChange={(event) => set({ niceName: event.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('customReports.screen.group')}
            value={config.group}
            onChange={(event) => set({ group: event.currentTarget.value })}
          />
        </Grid.Col>
      </Grid>
      <Textarea
        label={t('customReports.screen.descriptionField')}
        autosize
        minRows={1}
        value={config.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
      />
      <Textarea
        label={t('customReports.screen.sql')}
        description={t('customReports.screen.sqlHint')}
        autosize
        minRows={5}
        spellCheck={false}
        styles={{ input: { fontFamily: 'monospace' } }}
        value={config.sql}
        onChange={(event) => set({ sql: event.currentTarget.value })}
        error={sqlError}
      />
      <Group>
        <Button variant="default" onClick={() => void test()}>
          {t('customReports.screen.testSql')}
        </Button>
      </Group>
      {preview && (
        <Paper withBorder p="sm" component="section" aria-label={t('customReports.screen.preview')}>
          <Text fw={600} mb="xs">
            {t('customReports.screen.preview')}
          </Text>
          <Table.ScrollContainer minWidth={300}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  {config.columns.map((c) => (
                    <Table.Th key={c.name}>{c.name}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.map((row, index) => (
                  <Table.Tr key={index}>
                    {config.columns.map((c) => (
                      <Table.Td key={c.name}>
                        {row[c.name] == null ? '' : String(row[c.name] as string)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {config.columns.length > 0 && (
        <Paper withBorder p="sm" component="section" aria-label={t('customReports.screen.columns')}>
          <Text fw={600} mb="xs">
            {t('customReports.screen.columns')}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('customReports.screen.column.name')}</Table.Th>
                  <Table.Th>{t('customReports.screen.column.label')}</Table.Th>
                  <Table.Th>{t('customReports.screen.column.type')}</Table.Th>
                  <Table.Th>{t('customReports.screen.column.filter')}</Table.Th>
                  <Table.Th>{t('customReports.screen.column.sortable')}</Table.Th>
                  <Table.Th>{t('customReports.screen.column.visible')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {config.columns.map((column, index) => (
                  <Table.Tr key={column.name}>
                    <Table.Td>
                      <code>{column.name}</code>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('customReports.screen.column.labelOf', {
                          column: column.name,
                        })}
                        value={column.label}
                        onChange={(event) => setColumn(index, { label: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('customReports.screen.column.typeOf', {
                          column: column.name,
                        })}
                        allowDeselect={false}
                        value={column.type}
                        data={COLUMN_TYPES.map((type) => ({
                          value: type,
                          label: t(`customReports.screen.type.${type}`),
                        }))}
                        onChange={(v) => v && setColumn(index, { type: v })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('customReports.screen.column.filterOf', {
                          column: column.name,
                        })}
                        allowDeselect={false}
                        value={column.filter}
                        data={COLUMN_FILTERS.map((filter) => ({
                          value: filter,
                          label: t(`customReports.screen.filter.${filter}`),
                        }))}
                        onChange={(v) => v && setColumn(index, { filter: v })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('customReports.screen.column.sortableOf', {
                          column: column.name,
                        })}
                        checked={column.sortable}
                        onChange={(event) =>
                          setColumn(index, { sortable: event.currentTarget.checked })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('customReports.screen.column.visibleOf', {
                          column: column.name,
                        })}
                        checked={column.visible}
                        onChange={(event) =>
                          setColumn(index, { visible: event.currentTarget.checked })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('customReports.screen.defaultSort')}
            clearable
            value={config.defaultSort?.column ?? null}
            data={columnNames}
            onChange={(v) =>
              set({
                defaultSort: v
                  ? { column: v, direction: config.defaultSort?.direction ?? 'asc' }
                  : null,
              })
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('customReports.screen.sortDirection')}
            allowDeselect={false}
            disabled={!config.defaultSort}
            value={config.defaultSort?.direction ?? 'asc'}
            data={[
              { value: 'asc', label: t('customReports.screen.ascending') },
              { value: 'desc', label: t('customReports.screen.descending') },
            ]}
            onChange={(v) =>
              config.defaultSort &&
              set({
                defaultSort: { ...config.defaultSort, direction: v === 'desc' ? 'desc' : 'asc' },
              })
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            label={t('customReports.screen.pageSize')}
            min={10}
            max={500}
            value={config.pageSize}
            onChange={(v) => set({ pageSize: Number(v) || 50 })}
          />
        </Grid.Col>
      </Grid>
      <Paper
        withBorder
        p="sm"
        component="section"
        aria-label={t('customReports.screen.chartSection')}
      >
        <Text fw={600} mb="xs">
          {t('customReports.screen.chartSection')}
        </Text>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('customReports.screen.chartType')}
              allowDeselect={false}
              value={config.chart.type}
              data={CHART_TYPES.map((type) => ({
                value: type,
                label: t(`customReports.screen.chart.${type}`),
              }))}
              onChange={(v) =>
                set({
                  chart: {
                    ...config.chart,
                    type: v ?? 'none',
                  },
                })
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('customReports.screen.chartX')}
              clearable
              disabled={config.chart.type === 'none'}
              value={config.chart.xColumn}
              data={columnNames}
              onChange={(v) => set({ chart: { ...config.chart, xColumn: v } })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <MultiSelect
              label={t('customReports.screen.chartY')}
              disabled={config.chart.type === 'none'}
              value={config.chart.yColumns}
              data={columnNames}
              maxValues={config.chart.type === 'pie' ? 1 : 8}
              onChange={(v) => set({ chart: { ...config.chart, yColumns: v } })}
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <Paper withBorder p="sm" component="section" aria-label={t('customReports.screen.sharing')}>
        <Text fw={600} mb="xs">
          {t('customReports.screen.sharing')}
        </Text>
        <Switch
          label={t('customReports.screen.shareGlobally')}
          checked={config.sharing.global}
          onChange={(event) =>
            set({ sharing: { ...config.sharing, global: event.currentTarget.checked } })
          }
        />
        <Grid mt="xs">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('customReports.screen.shareUsers')}
              description={t('customReports.screen.idsHint')}
              value={config.sharing.userIds.join(', ')}
              onChange={(event) =>
                set({ sharing: { ...config.sharing, userIds: ids(event.currentTarget.value) } })
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('customReports.screen.shareRoles')}
              description={t('customReports.screen.idsHint')}
              value={config.sharing.roleIds.join(', ')}
              onChange={(event) =>
                set({ sharing: { ...config.sharing, roleIds: ids(event.currentTarget.value) } })
              }
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <div aria-live="polite">
        {saveError && <Alert color="red">{saveError}</Alert>}
        {saved && <Alert color="green">{t('customReports.screen.saved')}</Alert>}
      </div>
      <Group>
        <Button onClick={() => void save()}>{t('customReports.screen.save')}</Button>
        <Button variant="default" onClick={() => setCloneOpen(true)}>
          {t('customReports.screen.clone')}
        </Button>
        <Button variant="default" c="red.9" onClick={() => setDeleteOpen(true)}>
          {t('customReports.screen.delete')}
        </Button>
      </Group>
      <Modal
        opened={cloneOpen}
        onClose={() => setCloneOpen(false)}
        title={t('customReports.screen.clone')}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void clone()
          }}
        >
          <Stack>
            <TextInput
              label={t('customReports.screen.newName')}
              description={t('customReports.screen.newNameHint')}
              required
              data-autofocus
              value={cloneName}
              onChange={(event) => setCloneName(event.currentTarget.value)}
            />
            <Button type="submit">{t('customReports.screen.clone')}</Button>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={t('customReports.screen.delete')}
      >
        <Stack>
          <Text>
            {t('customReports.screen.deleteConfirm', { name: config.niceName || report.name })}
          </Text>
          <Group>
            <Button color="red.9" onClick={() => void remove()} data-autofocus>
              {t('customReports.screen.delete')}
            </Button>
            <Button variant="default" onClick={() => setDeleteOpen(false)}>
              {t('customReports.screen.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

function ids(text: string): number[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => Number(part))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ]
}
