import { Anchor, Badge, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { ADMIN_SEARCH_SORTS, type AdminSearchSort } from '@optika/domain/operations/admin-search'
import { ELEMENT_TYPES, type ElementType } from '@optika/domain/pim/element-api'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import {
  SEARCH_PAGE_SIZE,
  editorPathOf,
  useSearchResults,
  type SearchFilters,
} from '../api/admin-search-api.ts'

function isElementType(value: string): value is ElementType {
  return (ELEMENT_TYPES as readonly string[]).includes(value)
}

function isSort(value: string): value is AdminSearchSort {
  return (ADMIN_SEARCH_SORTS as readonly string[]).includes(value)
}

function readFilters(params: URLSearchParams): SearchFilters {
  const type = params.get('type') ?? ''
  const sort = params.get('sort') ?? ''
  const page = Number(params.get('page') ?? '1')
  return {
    q: (params.get('q') ?? '').slice(0, 190),
    type: isElementType(type) ? type : '',
    className: (params.get('class') ?? '').slice(0, 64),
    path: (params.get('path') ?? '').slice(0, 1000),
    sort: isSort(sort) ? sort : 'relevance',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  }
}

function writeFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.type) params.set('type', filters.type)
  if (filters.className) params.set('class', filters.className)
  if (filters.path) params.set('path', filters.path)
  if (filters.sort !== 'relevance') params.set('sort', filters.sort)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** When the header's box sent the visitor here (a new search), a number; else 0. */
function headerSearchOf(state: unknown): number {
  if (typeof state !== 'object' || state === null || !('headerSearch' in state)) return 0
  return typeof state.headerSearch === 'number' ? state.headerSearch : 0
}

/** A text box that reports its value once typing pauses. */
function DebouncedInput({
  label,
  initial,
  onChange,
}: {
  label: string
  initial: string
  onChange: (value: string) => void
}) {
  const [value, setValue] = useState(initial)
  const report = useDebouncedCallback(onChange, 300)
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value)
        report(event.currentTarget.value.trim())
      }}
    />
  )
}

/** /admin/search-results — the header search's full results: objects, assets and documents. */
export function SearchResultsScreen() {
  const { t } = useTranslation()
  const format = useFormats()
  const { filters, setFilters } = useUrlFilters(readFilters, writeFilters)
  const location = useLocation()
  // Kept across the filters' own changes, so the search field is not drawn anew as one types.
  const keptState: unknown = location.state
  const results = useSearchResults(filters)
  const update = (change: Partial<SearchFilters>) =>
    setFilters({ page: 1, ...change }, { state: keptState })
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('adminSearch.results.title')}
        description={t('adminSearch.results.description')}
      />
      <FilterPanel label={t('adminSearch.filter.label')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <SearchInput
            key={headerSearchOf(location.state)}
            label={t('adminSearch.filter.text')}
            placeholder={t('adminSearch.filter.textPlaceholder')}
            initial={filters.q}
            onSearch={(q) => update({ q: q.trim() })}
          />
          <Select
            label={t('adminSearch.filter.type')}
            data={[
              { value: '', label: t('adminSearch.filter.allTypes') },
              ...ELEMENT_TYPES.map((type) => ({
                value: type,
                label: t(`adminSearch.type.${type}`),
              })),
            ]}
            value={filters.type}
            onChange={(value) => update({ type: value && isElementType(value) ? value : '' })}
            allowDeselect={false}
          />
          <DebouncedInput
            label={t('adminSearch.filter.class')}
            initial={filters.className}
            onChange={(className) => update({ className })}
          />
          <DebouncedInput
            label={t('adminSearch.filter.path')}
            initial={filters.path}
            onChange={(path) => update({ path })}
          />
          <Select
            label={t('adminSearch.filter.sort')}
            data={ADMIN_SEARCH_SORTS.map((sort) => ({
              value: sort,
              label: t(`adminSearch.sort.${sort}`),
            }))}
            value={filters.sort}
            onChange={(value) => update({ sort: value && isSort(value) ? value : 'relevance' })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </FilterPanel>
      {results.isPending && <ScreenLoader />}
      <RequestErrorAlert error={results.error} />
      {results.isSuccess && (
        <PagedTable
          count={t('adminSearch.results.count', { count: results.data.total })}
          label={t('adminSearch.results.title')}
          minWidth={720}
          highlightOnHover
          columns={[
            t('adminSearch.column.element'),
            t('adminSearch.column.type'),
            t('adminSearch.column.class'),
            t('adminSearch.column.modified'),
          ]}
          empty={t('adminSearch.results.empty')}
          rows={results.data.data}
          renderRow={(hit) => (
            <Table.Tr key={`${hit.elementType}-${hit.id}`}>
              <Table.Td>
                <Anchor component={Link} to={editorPathOf(hit.elementType, hit.id)}>
                  {hit.key}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {hit.path} · #{hit.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`adminSearch.type.${hit.elementType}`)}</Badge>{' '}
                <Text span size="xs">
                  {hit.type}
                </Text>
                {!hit.published && (
                  <Text size="xs" c="dimmed">
                    {t('adminSearch.unpublished')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{hit.classId ?? ''}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {format.dateTime(hit.modifiedAt)}
              </Table.Td>
            </Table.Tr>
          )}
          total={results.data.total}
          pageSize={SEARCH_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => setFilters({ page }, { state: keptState })}
        />
      )}
    </Stack>
  )
}
