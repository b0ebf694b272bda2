import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  HTTP_ERROR_SORTS,
  HttpErrorListQuerySchema,
  type HttpErrorListQuery,
} from '@optika/domain/operations/seo-site'
import { DescriptionFields } from '../../../../components/description-fields.tsx'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import { useFlushHttpErrors, useHttpError, useHttpErrors } from '../api/seo-site-api.ts'

const PAGE_SIZE = 50

function readQuery(params: URLSearchParams): HttpErrorListQuery {
  const page = Number(params.get('page') ?? '1')
  const parsed = HttpErrorListQuerySchema.safeParse({
    filter: params.get('q') ?? '',
    code: params.get('code') ?? 'all',
    sort: params.get('sort') ?? 'lastSeen',
    dir: params.get('dir') ?? 'desc',
    start: (Number.isSafeInteger(page) && page > 0 ? page - 1 : 0) * PAGE_SIZE,
    limit: PAGE_SIZE,
  })
  return parsed.success ? parsed.data : HttpErrorListQuerySchema.parse({ limit: PAGE_SIZE })
}

function writeQuery(query: HttpErrorListQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.filter) params.set('q', query.filter)
  if (query.code !== 'all') params.set('code', query.code)
  if (query.sort !== 'lastSeen') params.set('sort', query.sort)
  if (query.dir !== 'desc') params.set('dir', query.dir)
  const page = Math.floor(query.start / PAGE_SIZE) + 1
  if (page > 1) params.set('page', String(page))
  return params
}

/** The storefront's 404s and server errors, most recent first: searched, filtered, sorted, paged. */
export function HttpErrorsPanel() {
  const { t } = useTranslation()
  const format = useFormats()
  const { filters: query, setFilters } = useUrlFilters(readQuery, writeQuery)
  const list = useHttpErrors(query)
  const flush = useFlushHttpErrors()
  const [confirming, setConfirming] = useState(false)
  const [openId, setOpenId] = useState<number | null>(null)
  const update = (change: Partial<HttpErrorListQuery>) => setFilters({ start: 0, ...change })

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('seoSite.httpErrors.help')}
      </Text>
      <FilterPanel label={t('seoSite.httpErrors.filters')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SearchInput
            label={t('seoSite.httpErrors.search')}
            placeholder={t('seoSite.httpErrors.searchPlaceholder')}
            initial={query.filter}
            onSearch={(filter) => update({ filter })}
          />
          <Select
            label={t('seoSite.httpErrors.status')}
            data={[
              { value: 'all', label: t('seoSite.httpErrors.statusAll') },
              { value: '404', label: t('seoSite.httpErrors.status404') },
              { value: '5xx', label: t('seoSite.httpErrors.status5xx') },
            ]}
            value={query.code}
            onChange={(value) => update({ code: value ?? 'all' })}
            allowDeselect={false}
          />
          <Select
            label={t('seoSite.httpErrors.sort')}
            data={HTTP_ERROR_SORTS.flatMap((sort) =>
              (['desc', 'asc'] as const).map((dir) => ({
                value: `${sort}:${dir}`,
                label: t(`seoSite.httpErrors.sortBy.${sort}.${dir}`),
              })),
            )}
            value={`${query.sort}:${query.dir}`}
            onChange={(value) => {
              const [sort, dir] = (value ?? 'lastSeen:desc').split(':') as [
                HttpErrorListQuery['sort'],
                HttpErrorListQuery['dir'],
              ]
              update({ sort, dir })
            }}
            allowDeselect={false}
          />
        </SimpleGrid>
      </FilterPanel>
      <Group>
        <Button
          color="red"
          variant="light"
          onClick={() => setConfirming(true)}
          disabled={!list.data || list.data.total === 0}
        >
          {t('seoSite.httpErrors.flush')}
        </Button>
        {flush.isSuccess && (
          <Text size="sm" role="status" fw={600}>
            {t('seoSite.httpErrors.flushed', { count: flush.data.deleted })}
          </Text>
        )}
      </Group>
      <RequestErrorAlert error={flush.error} />
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <PagedTable
          count={t('seoSite.httpErrors.count', { count: list.data.total })}
          label={t('seoSite.tab.httpErrors')}
          minWidth={760}
          highlightOnHover
          columns={[
            t('seoSite.httpErrors.column.uri'),
            t('seoSite.httpErrors.column.code'),
            { label: t('seoSite.httpErrors.column.count'), align: 'right' },
            t('seoSite.httpErrors.column.lastSeen'),
            t('seoSite.httpErrors.column.referrer'),
          ]}
          empty={t('seoSite.httpErrors.empty')}
          rows={list.data.items}
          renderRow={(row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <UnstyledButton
                  onClick={() => setOpenId(row.id)}
                  aria-label={t('seoSite.httpErrors.openDetail', { uri: row.uri })}
                  style={{ textDecoration: 'underline' }}
                >
                  <Text size="sm" ff="monospace">
                    {row.uri}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Badge color={row.code >= 500 ? 'red' : 'orange'} variant="light">
                  {row.code}
                </Badge>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{row.count}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(row.lastSeen)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Text size="sm" lineClamp={1}>
                  {row.referrer || '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          total={list.data.total}
          pageSize={PAGE_SIZE}
          page={Math.floor(query.start / PAGE_SIZE) + 1}
          onPage={(page) => setFilters({ start: (page - 1) * PAGE_SIZE })}
        />
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('seoSite.httpErrors.flushTitle')}
        closeButtonProps={{ 'aria-label': t('seoSite.httpErrors.close') }}
      >
        <Stack>
          <Text>{t('seoSite.httpErrors.flushConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('seoSite.httpErrors.cancel')}
            </Button>
            <Button
              color="red"
              loading={flush.isPending}
              onClick={() => flush.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('seoSite.httpErrors.flush')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <HttpErrorDetail id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  )
}

function HttpErrorDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormats()
  const detail = useHttpError(id)
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={t('seoSite.httpErrors.detailTitle')}
      closeButtonProps={{ 'aria-label': t('seoSite.httpErrors.close') }}
      size="lg"
    >
      {detail.isPending && id !== null && <ScreenLoader />}
      <RequestErrorAlert error={detail.error} />
      {detail.data && (
        <DescriptionFields
          rows={[
            [
              t('seoSite.httpErrors.column.uri'),
              <Anchor
                key="uri"
                href={detail.data.uri}
                target="_blank"
                rel="noopener"
                style={{ wordBreak: 'break-all' }}
              >
                {detail.data.uri}
              </Anchor>,
            ],
            [t('seoSite.httpErrors.column.code'), String(detail.data.code)],
            [t('seoSite.httpErrors.column.count'), String(detail.data.count)],
            [t('seoSite.httpErrors.column.firstSeen'), format.dateTime(detail.data.firstSeen)],
            [t('seoSite.httpErrors.column.lastSeen'), format.dateTime(detail.data.lastSeen)],
            [t('seoSite.httpErrors.column.referrer'), detail.data.referrer || '—'],
            [t('seoSite.httpErrors.column.userAgent'), detail.data.userAgent || '—'],
          ]}
        />
      )}
    </Modal>
  )
}
