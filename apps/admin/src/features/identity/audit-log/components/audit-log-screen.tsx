import { Button, Code, Group, Select, SimpleGrid, Stack, Table, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { FilterPanel, PagedTable } from '../../../../components/list-parts.tsx'
import { AuditChange } from './audit-change.tsx'
import { useAllUsers } from '../../users/api/users-api.ts'
import { AUDIT_LOG_PAGE_SIZE, useAuditLog, type AuditLogFilters } from '../api/audit-log-api.ts'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

const NO_FILTERS: AuditLogFilters = { actorId: null, action: '', entityType: '', from: '', to: '' }

/** /admin/audit-trail — who changed what, when and from where; filtered and paged. */
export function AuditLogScreen() {
  const { t, i18n } = useTranslation()
  const [filters, setFilters] = useState<AuditLogFilters>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const users = useAllUsers()
  const log = useAuditLog(filters, page)
  const form = useForm<AuditLogFilters>({ mode: 'controlled', initialValues: NO_FILTERS })
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  })
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.auditLog')}
        description={t('admin.screen.auditLog.description')}
      />
      <FilterPanel label={t('admin.auditLog.filters')}>
        <form
          onSubmit={form.onSubmit((values) => {
            setFilters(values)
            setPage(1)
          })}
          onReset={() => {
            form.reset()
            setFilters(NO_FILTERS)
            setPage(1)
          }}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
              <Select
                label={t('admin.auditLog.actor')}
                data={(users.data ?? []).map((user) => ({
                  value: String(user.id),
                  label: user.name,
                }))}
                searchable
                clearable
                {...form.getInputProps('actorId')}
              />
              <TextInput label={t('admin.auditLog.action')} {...form.getInputProps('action')} />
              <TextInput
                label={t('admin.auditLog.entityType')}
                {...form.getInputProps('entityType')}
              />
              <TextInput
                type="date"
                label={t('admin.auditLog.from')}
                {...form.getInputProps('from')}
              />
              <TextInput type="date" label={t('admin.auditLog.to')} {...form.getInputProps('to')} />
            </SimpleGrid>
            <Group>
              <Button type="submit">{t('admin.auditLog.apply')}</Button>
              <Button type="reset" variant="default">
                {t('admin.auditLog.clear')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FilterPanel>
      {log.isPending && <ScreenLoader />}
      <RequestErrorAlert error={log.error} />
      {log.isSuccess && (
        <PagedTable
          count={t('admin.auditLog.count', { count: log.data.total })}
          label={t('admin.nav.auditLog')}
          minWidth={900}
          columns={[
            t('admin.auditLog.at'),
            t('admin.auditLog.actor'),
            t('admin.auditLog.action'),
            t('admin.auditLog.entity'),
            t('admin.auditLog.ip'),
            t('admin.auditLog.change'),
          ]}
          empty={t('admin.auditLog.empty')}
          rows={log.data.entries}
          renderRow={(entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{dateTime.format(new Date(entry.at))}</Table.Td>
              <Table.Td>{entry.actorName ?? t('admin.auditLog.system')}</Table.Td>
              <Table.Td>
                <Code>{entry.action}</Code>
              </Table.Td>
              <Table.Td>{[entry.entityType, entry.entityId].filter(Boolean).join(' #')}</Table.Td>
              <Table.Td>{entry.ip ?? ''}</Table.Td>
              <Table.Td maw={360}>
                <AuditChange before={entry.before} after={entry.after} />
              </Table.Td>
            </Table.Tr>
          )}
          total={log.data.total}
          pageSize={AUDIT_LOG_PAGE_SIZE}
          page={page}
          onPage={setPage}
        />
      )}
    </Stack>
  )
}
