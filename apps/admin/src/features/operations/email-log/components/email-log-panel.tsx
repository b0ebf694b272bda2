import {
  Anchor,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { EMAIL_LOG_STATUSES } from '@optika/domain/operations/email-log'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import { EMAIL_LOG_PAGE_SIZE, useEmailLogs, type EmailLogFilters } from '../api/email-log-api.ts'
import { EmailLogDetail } from './email-log-detail.tsx'
import { EmailStatusBadge, isEmailLogStatus } from './email-status-badge.tsx'
import { SendTestMailDialog } from './send-test-mail-dialog.tsx'

const DATE = /^\d{4}-\d{2}-\d{2}$/

function readFilters(params: URLSearchParams): EmailLogFilters {
  const status = params.get('status') ?? ''
  const page = Number(params.get('page') ?? '1')
  const date = (name: string) => {
    const value = params.get(name) ?? ''
    return DATE.test(value) ? value : ''
  }
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    status: isEmailLogStatus(status) ? status : '',
    from: date('from'),
    until: date('until'),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  }
}

function writeFilters(filters: EmailLogFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.status) params.set('status', filters.status)
  if (filters.from) params.set('from', filters.from)
  if (filters.until) params.set('until', filters.until)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The log, newest first: searched, filtered by status and dates, paged; a mail opens in a drawer. */
export function EmailLogPanel() {
  const { t } = useTranslation()
  const format = useFormats()
  const navigate = useNavigate()
  const { params, filters, setFilters } = useUrlFilters(readFilters, writeFilters)
  const rest = useParams()['*'] ?? ''
  const openId = Number(rest.split('/')[1] ?? '')
  const list = useEmailLogs(filters)
  const [testOpened, setTestOpened] = useState(false)
  const query = params.toString() ? `?${params.toString()}` : ''
  const update = (change: Partial<EmailLogFilters>) => setFilters({ page: 1, ...change })
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setTestOpened(true)}>{t('emailLog.test.open')}</Button>
      </Group>
      <FilterPanel label={t('emailLog.filter.label')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <SearchInput
            label={t('emailLog.filter.search')}
            placeholder={t('emailLog.filter.searchPlaceholder')}
            initial={filters.q}
            onSearch={(q) => update({ q: q.trim() })}
          />
          <Select
            label={t('emailLog.filter.status')}
            data={[
              { value: '', label: t('emailLog.filter.allStatuses') },
              ...EMAIL_LOG_STATUSES.map((status) => ({
                value: status,
                label: t(`emailLog.status.${status}`),
              })),
            ]}
            value={filters.status}
            onChange={(value) => update({ status: value && isEmailLogStatus(value) ? value : '' })}
            allowDeselect={false}
          />
          <TextInput
            type="date"
            label={t('emailLog.filter.from')}
            value={filters.from}
            onChange={(event) => update({ from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('emailLog.filter.until')}
            value={filters.until}
            onChange={(event) => update({ until: event.currentTarget.value })}
          />
        </SimpleGrid>
      </FilterPanel>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <PagedTable
          count={t('emailLog.count', { count: list.data.total })}
          label={t('emailLog.tab.log')}
          minWidth={760}
          highlightOnHover
          columns={[
            t('emailLog.column.date'),
            t('emailLog.column.to'),
            t('emailLog.column.subject'),
            t('emailLog.column.status'),
          ]}
          empty={t('emailLog.empty')}
          rows={list.data.items}
          renderRow={(row) => (
            <Table.Tr key={row.id} aria-selected={row.id === openId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/email-log/log/${row.id}${query}`}>
                  {format.dateTime(row.createdAt)}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.to}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {row.subject}
                </Text>
                {row.resentFromId !== null && (
                  <Text size="xs" c="dimmed">
                    {t('emailLog.resentFrom', { id: row.resentFromId })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <EmailStatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          )}
          total={list.data.total}
          pageSize={EMAIL_LOG_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => setFilters({ page })}
        />
      )}
      <EmailLogDetail
        id={Number.isSafeInteger(openId) && openId > 0 ? openId : null}
        onClose={() => void navigate(`/email-log/log${query}`)}
        onOpen={(id) => void navigate(`/email-log/log/${id}${query}`)}
      />
      <SendTestMailDialog opened={testOpened} onClose={() => setTestOpened(false)} />
    </Stack>
  )
}
