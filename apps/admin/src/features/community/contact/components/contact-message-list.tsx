import { Anchor, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CONTACT_STATUSES, type ContactStatus } from '@optika/domain/community/contact-api'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import { useContactMessages, type MessageFilters } from '../api/contact-messages-api.ts'
import { ContactStatusBadge } from './contact-status-badge.tsx'

function readFilters(params: URLSearchParams): MessageFilters {
  const status = params.get('status') ?? ''
  const page = Number(params.get('page') ?? '1')
  return {
    status: (CONTACT_STATUSES as readonly string[]).includes(status)
      ? (status as ContactStatus)
      : '',
    q: (params.get('q') ?? '').slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  }
}

function writeFilters(filters: MessageFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.q) params.set('q', filters.q)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The messages, newest first: filtered by status, searched, paged; the filters in the address. */
export function ContactMessageList() {
  const { t } = useTranslation()
  const format = useFormats()
  const { filters, setFilters } = useUrlFilters(readFilters, writeFilters)
  const list = useContactMessages(filters)
  const update = (change: Partial<MessageFilters>) => setFilters({ page: 1, ...change })
  return (
    <Stack gap="md">
      <FilterPanel label={t('contact.admin.filter.status')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SearchInput
            label={t('contact.admin.search')}
            placeholder={t('contact.admin.search')}
            initial={filters.q}
            onSearch={(q) => update({ q })}
          />
          <Select
            label={t('contact.admin.filter.status')}
            data={[
              { value: '', label: t('contact.admin.filter.all') },
              ...CONTACT_STATUSES.map((status) => ({
                value: status,
                label: t(`contact.admin.status.${status}`),
              })),
            ]}
            value={filters.status}
            onChange={(value) =>
              update({ status: readFilters(new URLSearchParams({ status: value ?? '' })).status })
            }
            allowDeselect={false}
          />
        </SimpleGrid>
      </FilterPanel>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <PagedTable
          count={`${t('contact.admin.tab.messages')}: ${list.data.total}`}
          label={t('contact.admin.title')}
          minWidth={820}
          highlightOnHover
          columns={[
            t('contact.admin.column.date'),
            t('contact.admin.column.topic'),
            t('contact.admin.column.from'),
            t('contact.admin.column.message'),
            t('contact.admin.column.status'),
          ]}
          empty={t('contact.admin.empty')}
          rows={list.data.items}
          renderRow={(row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/contact-messages/${row.id}`}>
                  {format.dateTime(row.createdAt)}
                </Anchor>
              </Table.Td>
              <Table.Td>{row.topic}</Table.Td>
              <Table.Td>
                <Text size="sm">{row.name}</Text>
                <Text size="xs" c="dimmed">
                  {row.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {row.subjectLine}
                  {row.attachmentCount > 0 ? ` 📎${row.attachmentCount}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <ContactStatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          )}
          total={list.data.total}
          pageSize={list.data.pageSize}
          page={list.data.page}
          onPage={(page) => setFilters({ page })}
        />
      )}
    </Stack>
  )
}
