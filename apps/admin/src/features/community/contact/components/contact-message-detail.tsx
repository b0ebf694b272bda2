import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { AdminContactMessage } from '@optika/domain/community/contact-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  attachmentUrl,
  contactKeys,
  replyToMessage,
  setMessageStatus,
  useContactMessage,
} from '../api/contact-messages-api.ts'
import { ContactStatusBadge } from './contact-status-badge.tsx'

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

function Facts({ message }: { message: AdminContactMessage }) {
  const { t } = useTranslation()
  const format = useFormats()
  const rows: [string, React.ReactNode][] = [
    [t('contact.admin.column.date'), format.dateTime(message.createdAt)],
    [t('contact.admin.column.topic'), message.topic],
    [t('contact.admin.column.from'), `${message.name} <${message.email}>`],
    [
      t('contact.admin.customer'),
      message.customerId === null ? (
        t('contact.admin.visitor')
      ) : (
        <Anchor component={Link} to={`/shop-customers/${message.customerId}`}>
          #{message.customerId}
        </Anchor>
      ),
    ],
  ]
  if (message.phone) rows.push([t('contact.admin.phone'), message.phone])
  if (message.orderNumber) {
    rows.push([
      t('contact.admin.order'),
      message.orderId === null ? (
        message.orderNumber
      ) : (
        <Anchor component={Link} to={`/shop-orders/${message.orderId}`}>
          {message.orderNumber}
        </Anchor>
      ),
    ])
  }
  if (message.page) rows.push([t('contact.admin.page'), message.page])
  return (
    <Table withTableBorder variant="vertical" aria-label={t('contact.admin.title')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** One message: what was sent, its attachments, the replies, a reply by mail, close/reopen. */
export function ContactMessageDetail() {
  const { t } = useTranslation()
  const format = useFormats()
  const id = Number(useParams().id)
  const query = useContactMessage(id)
  const client = useQueryClient()
  const [body, setBody] = useState('')
  const [sent, setSent] = useState(false)
  const done = (message: AdminContactMessage) => {
    client.setQueryData(contactKeys.message(id), message)
    void client.invalidateQueries({ queryKey: [...contactKeys.all, 'messages'] })
  }
  const reply = useMutation({
    mutationFn: () => replyToMessage(id, body),
    onSuccess: (message) => {
      done(message)
      setBody('')
      setSent(true)
    },
  })
  const status = useMutation({
    mutationFn: (next: 'closed' | 'new' | 'answered') => setMessageStatus(id, next),
    onSuccess: done,
  })
  if (query.isPending) return <ScreenLoader />
  if (!query.isSuccess) return <RequestErrorAlert error={query.error} />
  const message = query.data
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/contact-messages">
        ← {t('contact.admin.back')}
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          {message.topic} — {message.name}
        </Title>
        <Group>
          <ContactStatusBadge status={message.status} />
          {message.status === 'closed' ? (
            <Button
              variant="default"
              loading={status.isPending}
              onClick={() => status.mutate(message.replies.length > 0 ? 'answered' : 'new')}
            >
              {t('contact.admin.reopen')}
            </Button>
          ) : (
            <Button
              variant="default"
              loading={status.isPending}
              onClick={() => status.mutate('closed')}
            >
              {t('contact.admin.close')}
            </Button>
          )}
        </Group>
      </Group>
      <RequestErrorAlert error={status.error} />
      <Facts message={message} />
      <Card withBorder>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Text>
      </Card>
      {message.attachments.length > 0 && (
        <Stack gap="xs">
          <Title order={3}>{t('contact.admin.attachments')}</Title>
          <List>
            {message.attachments.map((file) => (
              <List.Item key={file.position}>
                <Anchor href={attachmentUrl(message.id, file.position)} download>
                  {file.filename}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  ({file.mimeType}, {formatSize(file.size)})
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={3}>{t('contact.admin.replies')}</Title>
        {message.replies.length === 0 ? (
          <Text c="dimmed">{t('contact.admin.noReplies')}</Text>
        ) : (
          message.replies.map((item) => (
            <Card key={item.id} withBorder>
              <Text size="sm" c="dimmed">
                {format.dateTime(item.createdAt)} · {item.author}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.body}</Text>
            </Card>
          ))
        )}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          setSent(false)
          reply.mutate()
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={`${t('contact.admin.replyLabel')} (${message.email})`}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            autosize
            minRows={5}
            required
            maxLength={5000}
          />
          <RequestErrorAlert error={reply.error} />
          {sent && (
            <Alert color="green" role="status">
              {t('contact.admin.replySent')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={reply.isPending} disabled={body.trim() === ''}>
              {t('contact.admin.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
