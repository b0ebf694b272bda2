import { Alert, Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  SENDABLE_NOTIFICATION_TYPES,
  type NotificationElementType,
} from '@optika/domain/identity/notifications'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useQuickSearch } from '../../../operations/search/api/admin-search-api.ts'
import {
  sendNotification,
  useRecipients,
  useRefreshNotifications,
} from '../api/notifications-api.ts'

type SendableType = (typeof SENDABLE_NOTIFICATION_TYPES)[number]

function isSendableType(value: string | null): value is SendableType {
  return SENDABLE_NOTIFICATION_TYPES.some((type) => type === value)
}

/**
 * Sends a notification to a user or a role: title, message, type and, optionally, an element
 * found by its path or name (the header search's quick results) that the recipients can open.
 */
export function SendNotificationDialog({
  opened,
  onClose,
}: {
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const refresh = useRefreshNotifications()
  const recipients = useRecipients(opened)
  const [recipient, setRecipient] = useState<string | null>(null)
  const [type, setType] = useState<SendableType>('info')
  const [title, setTitle] = useState('')
  const [message, setMessage] = useState('')
  const [element, setElement] = useState<string | null>(null)
  const [elementLabel, setElementLabel] = useState<string | null>(null)
  const [elementSearch, setElementSearch] = useState('')
  const [search] = useDebouncedValue(elementSearch.trim(), 250)
  const hits = useQuickSearch(search)
  const [missingRecipient, setMissingRecipient] = useState(false)
  const send = useMutation({
    mutationFn: sendNotification,
    onSuccess: async () => {
      setTitle('')
      setMessage('')
      setElement(null)
      setElementLabel(null)
      await refresh()
    },
  })
  const roles = (recipients.data ?? []).filter((item) => item.type === 'role')
  const users = (recipients.data ?? []).filter((item) => item.type === 'user')
  const elementOptions = (search.length >= 2 ? (hits.data?.data ?? []) : []).map((hit) => ({
    value: `${hit.elementType}:${hit.id}`,
    label: `${t(`notifications.elementType.${hit.elementType}`)}: ${hit.path}`,
  }))
  // Keep the chosen element among the options while a new search runs.
  if (element && elementLabel && !elementOptions.some((option) => option.value === element)) {
    elementOptions.unshift({ value: element, label: elementLabel })
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!recipient) {
      setMissingRecipient(true)
      return
    }
    const [recipientType, recipientId] = recipient.split(':')
    const [elementType, elementId] = element ? element.split(':') : []
    send.mutate({
      recipientType: recipientType === 'role' ? 'role' : 'user',
      recipientId: Number(recipientId),
      type,
      title,
      message,
      ...(elementType && elementId
        ? { elementType: elementType as NotificationElementType, elementId: Number(elementId) }
        : {}),
    })
  }
  return (
    <Modal
      opened={opened}
      onClose={() => {
        send.reset()
        setMissingRecipient(false)
        onClose()
      }}
      title={t('notifications.send.heading')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('notifications.action.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('notifications.send.recipient')}
            data={[
              {
                group: t('notifications.send.roles'),
                items: roles.map((role) => ({ value: `role:${role.id}`, label: role.name })),
              },
              {
                group: t('notifications.send.users'),
                items: users.map((user) => ({ value: `user:${user.id}`, label: user.name })),
              },
            ]}
            value={recipient}
            onChange={(value) => {
              setRecipient(value)
              setMissingRecipient(false)
            }}
            searchable
            required
            error={missingRecipient ? t('notifications.send.recipientRequired') : undefined}
            data-autofocus
          />
          <Select
            label={t('notifications.send.type')}
            data={SENDABLE_NOTIFICATION_TYPES.map((value) => ({
              value,
              label: t(`notifications.type.${value}`),
            }))}
            value={type}
            onChange={(value) => {
              if (isSendableType(value)) setType(value)
            }}
            allowDeselect={false}
          />
          <TextInput
            label={t('notifications.send.title')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={250}
            required
          />
          <Textarea
            label={t('notifications.send.message')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={10_000}
          />
          <Select
            label={t('notifications.send.element')}
            description={t('notifications.send.elementHint')}
            data={elementOptions}
            value={element}
            onChange={(value, option) => {
              setElement(value)
              setElementLabel(value ? (option?.label ?? null) : null)
            }}
            searchable
            clearable
            searchValue={elementSearch}
            onSearchChange={setElementSearch}
            filter={({ options }) => options}
            nothingFoundMessage={
              search.length >= 2 ? t('notifications.send.elementNone') : undefined
            }
          />
          <RequestErrorAlert error={send.error} />
          {send.isSuccess && (
            <Alert role="status" color="green">
              {t('notifications.feedback.sent', { count: send.data.recipients })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('notifications.action.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('notifications.send.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
