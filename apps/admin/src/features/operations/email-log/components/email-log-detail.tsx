import { Alert, Button, Code, Drawer, Group, Stack, Table, Tabs, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmailLogEntry } from '@optika/domain/operations/email-log'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  deleteEmailLog,
  emailLogKeys,
  resendEmail,
  useEmailLogEntry,
} from '../api/email-log-api.ts'
import { EmailStatusBadge } from './email-status-badge.tsx'

function Headers({ entry }: { entry: EmailLogEntry }) {
  const { t } = useTranslation()
  const format = useFormats()
  const rows: [string, string][] = [
    [t('emailLog.column.date'), format.dateTime(entry.createdAt)],
    [t('emailLog.detail.from'), entry.from],
    [t('emailLog.column.to'), entry.to],
    [t('emailLog.column.subject'), entry.subject],
    [t('emailLog.detail.transport'), entry.transport],
  ]
  if (entry.error) rows.push([t('emailLog.detail.error'), entry.error])
  if (entry.resentFromId !== null) {
    rows.push([t('emailLog.detail.resentFrom'), `#${entry.resentFromId}`])
  }
  return (
    <Table aria-label={t('emailLog.detail.headers')}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w="30%">
              {name}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/**
 * One mail in a drawer: its HTML (in a sandboxed frame: no script runs, nothing reaches the back
 * office), its text and its envelope, exactly as sent — secrets masked without the permission —
 * with resend and delete.
 */
export function EmailLogDetail({
  id,
  onClose,
  onOpen,
}: {
  id: number | null
  onClose: () => void
  onOpen: (id: number) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const entry = useEmailLogEntry(id)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const resend = useMutation({
    mutationFn: resendEmail,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: emailLogKeys.all }),
  })
  const remove = useMutation({
    mutationFn: deleteEmailLog,
    onSuccess: async () => {
      setConfirmDelete(false)
      await queryClient.invalidateQueries({ queryKey: emailLogKeys.all })
      onClose()
    },
  })
  const data = entry.data
  return (
    <Drawer
      opened={id !== null}
      onClose={() => {
        setConfirmDelete(false)
        resend.reset()
        onClose()
      }}
      position="right"
      size="xl"
      title={data?.subject ?? t('emailLog.detail.title')}
      closeButtonProps={{ 'aria-label': t('emailLog.detail.close') }}
    >
      {entry.isPending && id !== null && <ScreenLoader />}
      <RequestErrorAlert error={entry.error} />
      {data && (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <EmailStatusBadge status={data.status} />
            <Group gap="xs">
              <Button
                variant="default"
                loading={resend.isPending}
                onClick={() => data && resend.mutate(data.id)}
              >
                {t('emailLog.action.resend')}
              </Button>
              <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
                {t('emailLog.action.delete')}
              </Button>
            </Group>
          </Group>
          {resend.isSuccess && (
            <Alert
              role="status"
              color={resend.data.status === 'blocked' ? 'orange' : 'green'}
              title={
                resend.data.status === 'blocked'
                  ? t('emailLog.resend.blocked')
                  : t('emailLog.resend.queued')
              }
            >
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onOpen(resend.data.emailLogId)}
              >
                {t('emailLog.resend.open')}
              </Button>
            </Alert>
          )}
          <RequestErrorAlert error={resend.error ?? remove.error} />
          {confirmDelete && (
            <Alert color="red" title={t('emailLog.delete.confirm')}>
              <Group gap="xs">
                <Button
                  color="red"
                  loading={remove.isPending}
                  onClick={() => data && remove.mutate(data.id)}
                >
                  {t('emailLog.action.delete')}
                </Button>
                <Button variant="default" onClick={() => setConfirmDelete(false)}>
                  {t('emailLog.action.cancel')}
                </Button>
              </Group>
            </Alert>
          )}
          {data.masked && (
            <Text size="sm" c="dimmed">
              {t('emailLog.detail.masked')}
            </Text>
          )}
          <Tabs defaultValue={data.html === null ? 'text' : 'html'} keepMounted={false}>
            <Tabs.List>
              {data.html !== null && <Tabs.Tab value="html">{t('emailLog.detail.html')}</Tabs.Tab>}
              <Tabs.Tab value="text">{t('emailLog.detail.text')}</Tabs.Tab>
              <Tabs.Tab value="headers">{t('emailLog.detail.headers')}</Tabs.Tab>
            </Tabs.List>
            {data.html !== null && (
              <Tabs.Panel value="html" pt="md">
                <iframe
                  title={t('emailLog.detail.html')}
                  sandbox=""
                  srcDoc={data.html}
                  style={{
                    width: '100%',
                    height: '60vh',
                    border: '1px solid var(--mantine-color-default-border)',
                  }}
                />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="text" pt="md">
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {data.text}
              </Code>
            </Tabs.Panel>
            <Tabs.Panel value="headers" pt="md">
              <Headers entry={data} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  )
}
