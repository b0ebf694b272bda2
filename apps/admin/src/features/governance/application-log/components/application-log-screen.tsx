import {
  Anchor,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import {
  APP_LOG_ELEMENT_TYPES,
  APP_LOG_PRIORITY_NAMES,
} from '@optika/domain/operations/application-log'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import { editorPathOf } from '../../../operations/search/api/admin-search-api.ts'
import {
  APP_LOG_PAGE_SIZE,
  useAppLog,
  useComponents,
  type AppLogFilters,
  type AppLogSort,
} from '../api/application-log-api.ts'
import { ApplicationLogDetail } from './application-log-detail.tsx'
import { PriorityBadge } from './priority-badge.tsx'

const SORTS: readonly AppLogSort[] = ['newest', 'oldest', 'severest', 'component']
const ELEMENT_TYPES: readonly AppLogFilters['elementType'][] = ['', ...APP_LOG_ELEMENT_TYPES]
/** A date-time field's value (local, to the minute). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback
}

function readFilters(params: URLSearchParams): AppLogFilters {
  const page = Number(params.get('page') ?? '1')
  const priority = params.get('priority') ?? ''
  const elementId = params.get('elementId') ?? ''
  const dateTime = (name: string) => {
    const value = params.get(name) ?? ''
    return LOCAL_DATE_TIME.test(value) ? value : ''
  }
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    priority: /^[0-7]$/.test(priority) ? priority : '',
    priorityMode: oneOf(params.get('priorityMode'), ['atLeast', 'exactly'], 'atLeast'),
    component: (params.get('component') ?? '').slice(0, 200),
    elementType: oneOf(params.get('elementType'), ELEMENT_TYPES, ''),
    elementId: /^\d{1,9}$/.test(elementId) ? elementId : '',
    from: dateTime('from'),
    until: dateTime('until'),
    requestId: (params.get('requestId') ?? '').slice(0, 100),
    sort: oneOf(params.get('sort'), SORTS, 'newest'),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  }
}

function writeFilters(filters: AppLogFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    if (name === 'page' ? value !== 1 : value !== '' && !(name === 'sort' && value === 'newest')) {
      if (name === 'priorityMode' && (value === 'atLeast' || !filters.priority)) continue
      params.set(name, String(value))
    }
  }
  return params
}

const NO_FILTERS: AppLogFilters = readFilters(new URLSearchParams())

/**
 * /admin/application-log — what the shop's own components reported (jobs, imports, mail,
 * payments and stock, sitemap, workflow): filtered on the server, newest first, with an entry's
 * context and file object in a drawer.
 */
export function ApplicationLogScreen() {
  const { t } = useTranslation()
  const format = useFormats()
  const navigate = useNavigate()
  const { params, filters, setFilters } = useUrlFilters(readFilters, writeFilters)
  const openId = Number(useParams()['*'] ?? '')
  const [autoRefresh, setAutoRefresh] = useState(false)
  // The search boxes keep their own text while typing; a reset or a request link starts them anew.
  const [resets, setResets] = useState(0)
  const list = useAppLog(filters, autoRefresh)
  const components = useComponents()
  const query = params.toString() ? `?${params.toString()}` : ''
  const update = (change: Partial<AppLogFilters>) => setFilters({ page: 1, ...change })
  const componentOptions = [
    { value: '', label: t('applicationLog.filter.anyComponent') },
    ...(components.data?.components ?? []).map((c) => ({ value: c.key, label: c.value })),
  ]
  if (filters.component && !componentOptions.some((o) => o.value === filters.component)) {
    componentOptions.push({ value: filters.component, label: filters.component })
  }
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t('admin.nav.applicationLog')}
        description={t('admin.screen.applicationLog.description')}
      />
      <FilterPanel label={t('applicationLog.filter.label')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <SearchInput
              key={`q-${String(resets)}`}
              label={t('applicationLog.filter.search')}
              placeholder={t('applicationLog.filter.searchPlaceholder')}
              initial={filters.q}
              onSearch={(q) => update({ q: q.trim() })}
            />
            <Select
              label={t('applicationLog.filter.priority')}
              data={[
                { value: '', label: t('applicationLog.filter.anyPriority') },
                ...APP_LOG_PRIORITY_NAMES.map((name, index) => ({
                  value: String(index),
                  label: t(`applicationLog.priority.${name}`),
                })),
              ]}
              value={filters.priority}
              onChange={(value) => update({ priority: value ?? '' })}
              allowDeselect={false}
            />
            <Select
              label={t('applicationLog.filter.priorityMode')}
              data={[
                { value: 'atLeast', label: t('applicationLog.filter.atLeast') },
                { value: 'exactly', label: t('applicationLog.filter.exactly') },
              ]}
              value={filters.priorityMode}
              onChange={(value) =>
                update({ priorityMode: value === 'exactly' ? 'exactly' : 'atLeast' })
              }
              disabled={!filters.priority}
              allowDeselect={false}
            />
            <Select
              label={t('applicationLog.filter.component')}
              data={componentOptions}
              value={filters.component}
              onChange={(value) => update({ component: value ?? '' })}
              searchable
              allowDeselect={false}
            />
            <Select
              label={t('applicationLog.filter.elementType')}
              data={[
                { value: '', label: t('applicationLog.filter.anyElement') },
                ...APP_LOG_ELEMENT_TYPES.map((type) => ({
                  value: type,
                  label: t(`applicationLog.elementType.${type}`),
                })),
              ]}
              value={filters.elementType}
              onChange={(value) => update({ elementType: oneOf(value, ELEMENT_TYPES, '') })}
              allowDeselect={false}
            />
            <TextInput
              label={t('applicationLog.filter.elementId')}
              inputMode="numeric"
              value={filters.elementId}
              onChange={(event) =>
                update({ elementId: event.currentTarget.value.replace(/\D/g, '').slice(0, 9) })
              }
            />
            <TextInput
              type="datetime-local"
              label={t('applicationLog.filter.from')}
              value={filters.from}
              onChange={(event) => update({ from: event.currentTarget.value })}
            />
            <TextInput
              type="datetime-local"
              label={t('applicationLog.filter.until')}
              value={filters.until}
              onChange={(event) => update({ until: event.currentTarget.value })}
            />
            <SearchInput
              key={`r-${String(resets)}`}
              label={t('applicationLog.filter.requestId')}
              placeholder=""
              initial={filters.requestId}
              onSearch={(requestId) => update({ requestId: requestId.trim() })}
            />
            <Select
              label={t('applicationLog.filter.sort')}
              data={SORTS.map((sort) => ({ value: sort, label: t(`applicationLog.sort.${sort}`) }))}
              value={filters.sort}
              onChange={(value) => update({ sort: oneOf(value, SORTS, 'newest') })}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap">
            <Switch
              label={t('applicationLog.autoRefresh')}
              checked={autoRefresh}
              onChange={(event) => setAutoRefresh(event.currentTarget.checked)}
            />
            <Group gap="xs">
              <Button
                variant="default"
                loading={list.isFetching && !list.isPending}
                onClick={() => void list.refetch()}
              >
                {t('applicationLog.refresh')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setResets((n) => n + 1)
                  setFilters(NO_FILTERS)
                }}
              >
                {t('applicationLog.filter.reset')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </FilterPanel>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <PagedTable
          count={t('applicationLog.count', { count: list.data.total })}
          label={t('applicationLog.table')}
          minWidth={760}
          highlightOnHover
          columns={[
            t('applicationLog.column.at'),
            t('applicationLog.column.priority'),
            t('applicationLog.column.component'),
            t('applicationLog.column.message'),
            t('applicationLog.column.element'),
          ]}
          empty={t('applicationLog.empty')}
          rows={list.data.items}
          renderRow={(row) => (
            <Table.Tr key={row.id} aria-selected={row.id === openId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/application-log/${row.id}${query}`}>
                  {format.dateTime(row.at)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <PriorityBadge priority={row.priority} />
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{row.component}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {row.message}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.elementType !== null && row.elementId !== null ? (
                  <Anchor component={Link} to={editorPathOf(row.elementType, row.elementId)}>
                    {t(`applicationLog.elementType.${row.elementType}`)} {row.elementId}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          )}
          total={list.data.total}
          pageSize={APP_LOG_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => setFilters({ page })}
        />
      )}
      <ApplicationLogDetail
        id={Number.isSafeInteger(openId) && openId > 0 ? openId : null}
        onClose={() => void navigate(`/application-log${query}`)}
        onFilterRequest={(requestId) => {
          setResets((n) => n + 1)
          void navigate(`/application-log?${writeFilters({ ...NO_FILTERS, requestId }).toString()}`)
        }}
      />
    </Stack>
  )
}
