import { Anchor, Button, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { GDPR_PROVIDERS, type GdprHit, type GdprProvider } from '@optika/domain/operations/gdpr'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import {
  GDPR_PAGE_SIZE,
  GDPR_URLS,
  isGdprProvider,
  useGdprSearch,
  type GdprSearchFilters,
} from '../api/gdpr-api.ts'
import { PersonSummary } from './person-summary.tsx'

interface ScreenState extends GdprSearchFilters {
  /** The customer whose summary is open. */
  readonly person: number | null
}

function readState(params: URLSearchParams): ScreenState {
  const provider = params.get('provider') ?? ''
  const page = Number(params.get('page') ?? '1')
  const person = Number(params.get('person') ?? '')
  return {
    provider: isGdprProvider(provider) ? provider : 'customers',
    q: (params.get('q') ?? '').slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    person: Number.isSafeInteger(person) && person > 0 ? person : null,
  }
}

function writeState(state: ScreenState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.provider !== 'customers') params.set('provider', state.provider)
  if (state.q) params.set('q', state.q)
  if (state.page > 1) params.set('page', String(state.page))
  if (state.person !== null) params.set('person', String(state.person))
  return params
}

/**
 * /admin/data-privacy — the GDPR data extractor: find a person among customers and partners,
 * data objects, assets, back-office users or sent mails; see what the shop holds about a
 * customer, download it as JSON or PDF, or anonymize them. The search lives in the address, so
 * a reload or a shared link shows the same person.
 */
export function DataPrivacyScreen() {
  const { t } = useTranslation()
  const format = useFormats()
  const { filters: state, setFilters } = useUrlFilters(readState, writeState)
  const search = useGdprSearch(state)
  const update = (change: Partial<ScreenState>) => setFilters({ page: 1, ...change })
  const kindLabel = (hit: GdprHit) =>
    hit.provider === 'customers' && (hit.kind === 'customer' || hit.kind === 'partner')
      ? t(`gdpr.kind.${hit.kind}`)
      : (hit.kind ?? '—')
  return (
    <Stack gap="xl">
      <ScreenHeader title={t('admin.nav.gdpr')} description={t('admin.screen.gdpr.description')} />
      <FilterPanel label={t('gdpr.screen.search.label')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SearchInput
            key={state.provider}
            label={t('gdpr.screen.search.label')}
            placeholder={t('gdpr.screen.search.placeholder')}
            initial={state.q}
            onSearch={(q) => update({ q: q.trim(), person: null })}
          />
          <Select
            label={t('gdpr.screen.search.provider')}
            data={GDPR_PROVIDERS.map((provider) => ({
              value: provider,
              label: t(`gdpr.provider.${provider}`),
            }))}
            value={state.provider}
            onChange={(value) => {
              if (value && isGdprProvider(value)) update({ provider: value, person: null })
            }}
            allowDeselect={false}
          />
        </SimpleGrid>
      </FilterPanel>
      {state.person !== null && (
        <PersonSummary id={state.person} onClose={() => setFilters({ person: null })} />
      )}
      {state.q === '' && (
        <Text c="dimmed" size="sm">
          {t('gdpr.screen.hint')}
        </Text>
      )}
      {state.q !== '' && search.isPending && <ScreenLoader />}
      <RequestErrorAlert error={search.error} />
      {state.q !== '' && search.isSuccess && (
        <PagedTable
          count={t('gdpr.screen.total', { count: search.data.total })}
          label={t('gdpr.screen.results')}
          minWidth={720}
          highlightOnHover
          columns={[
            t('gdpr.screen.column.title'),
            t('gdpr.screen.column.email'),
            t('gdpr.screen.column.detail'),
            t('gdpr.screen.column.kind'),
            t('gdpr.screen.column.created'),
            t('gdpr.screen.column.actions'),
          ]}
          empty={t('gdpr.screen.empty')}
          rows={search.data.data}
          renderRow={(hit) => (
            <Table.Tr
              key={`${hit.provider}-${String(hit.id)}`}
              aria-selected={hit.id === state.person}
            >
              <Table.Td style={{ wordBreak: 'break-word' }}>{hit.title || '—'}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{hit.email ?? '—'}</Table.Td>
              <Table.Td>{hit.detail ?? '—'}</Table.Td>
              <Table.Td>
                {kindLabel(hit)}
                {hit.anonymized && (
                  <Text size="xs" c="dimmed">
                    {t('gdpr.screen.anonymizedBadge')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(hit.createdAt)}</Table.Td>
              <Table.Td>
                <HitActions
                  hit={hit}
                  provider={state.provider}
                  onOpen={() => setFilters({ person: hit.id })}
                />
              </Table.Td>
            </Table.Tr>
          )}
          total={search.data.total}
          pageSize={GDPR_PAGE_SIZE}
          page={state.page}
          onPage={(page) => update({ page })}
        />
      )}
    </Stack>
  )
}

function HitActions({
  hit,
  provider,
  onOpen,
}: {
  hit: GdprHit
  provider: GdprProvider
  onOpen: () => void
}) {
  const { t } = useTranslation()
  const name = hit.title || hit.email || String(hit.id)
  if (provider === 'customers') {
    return (
      <Button
        size="xs"
        variant="light"
        onClick={onOpen}
        aria-label={t('gdpr.screen.open', { name })}
      >
        {t('gdpr.screen.openShort')}
      </Button>
    )
  }
  return (
    <Group gap="xs">
      <Anchor
        href={`${GDPR_URLS[provider].export}?id=${String(hit.id)}`}
        download
        size="sm"
        aria-label={t('gdpr.screen.downloadRecord', { name })}
      >
        {t('gdpr.screen.downloadJson')}
      </Anchor>
    </Group>
  )
}
