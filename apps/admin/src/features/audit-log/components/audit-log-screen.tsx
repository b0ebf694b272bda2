import {
  Button,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ScreenHeader } from '../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import { TablePager } from '../../../components/table-pager.tsx'
import { AuditChange } from './audit-change.tsx'
import { useAllUsers } from '../../users/api/users-api.ts'
import { AUDIT_LOG_PAGE_SIZE, useAuditLog, type AuditLogFilters } from '../api/audit-log-api.ts'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'

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
      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-label={t('admin.auditLog.filters')}
      >
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
      </Paper>
      {log.isPending && <ScreenLoader />}
      <RequestErrorAlert error={log.error} />
      {log.isSuccess && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" role="status">
            {t('admin.auditLog.count', { count: log.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder aria-label={t('admin.nav.auditLog')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.auditLog.at')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.actor')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.action')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.entity')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.ip')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.entries.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6} c="dimmed">
                      {t('admin.auditLog.empty')}
                    </Table.Td>
                  </Table.Tr>
                )}
                {log.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{dateTime.format(new Date(entry.at))}</Table.Td>
                    <Table.Td>{entry.actorName ?? t('admin.auditLog.system')}</Table.Td>
                    <Table.Td>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      {[entry.entityType, entry.entityId].filter(Boolean).join(' #')}
                    </Table.Td>
                    <Table.Td>{entry.ip ?? ''}</Table.Td>
                    <Table.Td maw={360}>
                      <AuditChange before={entry.before} after={entry.after} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager
            total={log.data.total}
            pageSize={AUDIT_LOG_PAGE_SIZE}
            page={page}
            onChange={setPage}
          />
        </Stack>
      )}
    </Stack>
  )
}
