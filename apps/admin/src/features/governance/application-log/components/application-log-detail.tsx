import { Anchor, Button, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AppLogEntry } from '@optika/domain/operations/application-log'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { editorPathOf } from '../../../operations/search/api/admin-search-api.ts'
import {
  fileObjectDownloadUrl,
  useAppLogEntry,
  useAppLogFileObject,
} from '../api/application-log-api.ts'
import { PriorityBadge } from './priority-badge.tsx'

function Facts({
  entry,
  onFilterRequest,
}: {
  entry: AppLogEntry
  onFilterRequest: (requestId: string) => void
}) {
  const { t } = useTranslation()
  const format = useFormats()
  const rows: [string, ReactNode][] = [
    [t('applicationLog.column.at'), format.dateTime(entry.at)],
    [t('applicationLog.column.priority'), <PriorityBadge key="p" priority={entry.priority} />],
    [t('applicationLog.column.component'), entry.component],
  ]
  if (entry.elementType !== null && entry.elementId !== null) {
    rows.push([
      t('applicationLog.column.element'),
      <Anchor key="e" component={Link} to={editorPathOf(entry.elementType, entry.elementId)}>
        {t(`applicationLog.elementType.${entry.elementType}`)} {entry.elementId} —{' '}
        {t('applicationLog.detail.openElement')}
      </Anchor>,
    ])
  }
  if (entry.requestId !== null) {
    const requestId = entry.requestId
    rows.push([
      t('applicationLog.filter.requestId'),
      <Stack key="r" gap={4} align="flex-start">
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {requestId}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => onFilterRequest(requestId)}>
          {t('applicationLog.detail.sameRequest')}
        </Button>
      </Stack>,
    ])
  }
  if (entry.source !== null) rows.push([t('applicationLog.detail.source'), entry.source])
  return (
    <Table aria-label={t('applicationLog.detail.facts')}>
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

function FileObject({ entry }: { entry: AppLogEntry }) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  const text = useAppLogFileObject(entry.id, shown)
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('applicationLog.detail.fileObject')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('applicationLog.detail.fileObjectSize', { count: entry.fileObjectLength })}
      </Text>
      <Group gap="xs">
        {!shown && (
          <Button variant="default" onClick={() => setShown(true)}>
            {t('applicationLog.detail.showFileObject')}
          </Button>
        )}
        <Button component="a" variant="default" href={fileObjectDownloadUrl(entry.id)} download>
          {t('applicationLog.detail.downloadFileObject')}
        </Button>
      </Group>
      {shown && text.isPending && <ScreenLoader />}
      <RequestErrorAlert error={text.error} />
      {text.data !== undefined && (
        <Code
          block
          tabIndex={0}
          role="region"
          aria-label={t('applicationLog.detail.fileObject')}
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: '50vh' }}
        >
          {text.data}
        </Code>
      )}
    </Stack>
  )
}

/**
 * One entry in a drawer: its facts (the element opens its editor, the request's other entries
 * one click away), its context as formatted JSON and its file object on demand.
 */
export function ApplicationLogDetail({
  id,
  onClose,
  onFilterRequest,
}: {
  id: number | null
  onClose: () => void
  onFilterRequest: (requestId: string) => void
}) {
  const { t } = useTranslation()
  const entry = useAppLogEntry(id)
  const data = entry.data
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('applicationLog.detail.title', { id: id ?? '' })}
      closeButtonProps={{ 'aria-label': t('applicationLog.detail.close') }}
    >
      {entry.isPending && id !== null && <ScreenLoader />}
      <RequestErrorAlert error={entry.error} />
      {data && (
        <Stack gap="md">
          <Text fw={500} style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            {data.message}
          </Text>
          <Facts entry={data} onFilterRequest={onFilterRequest} />
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('applicationLog.detail.context')}
            </Title>
            {data.context === null ? (
              <Text size="sm" c="dimmed">
                {t('applicationLog.detail.noContext')}
              </Text>
            ) : (
              <Code
                block
                tabIndex={0}
                role="region"
                aria-label={t('applicationLog.detail.context')}
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                {JSON.stringify(data.context, null, 2)}
              </Code>
            )}
          </Stack>
          {data.hasFileObject && <FileObject key={data.id} entry={data} />}
        </Stack>
      )}
    </Drawer>
  )
}
