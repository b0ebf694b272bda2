import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useAdapterCheck } from './thumbnail-settings-api.ts'

/** The search box and the add button above a settings list. */
export function SettingsToolbar({
  search,
  onSearch,
  searchLabel,
  addLabel,
  onAdd,
}: {
  search: string
  onSearch: (search: string) => void
  searchLabel: string
  addLabel: string
  onAdd: () => void
}) {
  const { t } = useTranslation()
  return (
    <Group align="end" justify="space-between" wrap="wrap">
      <TextInput
        type="search"
        label={searchLabel}
        placeholder={t('thumbnailSettings.searchPlaceholder')}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        style={{ flex: '1 1 14rem', maxWidth: '28rem' }}
      />
      <Button onClick={onAdd}>{addLabel}</Button>
    </Group>
  )
}

/** A list row's edit and delete buttons, named after the row. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        aria-label={t('thumbnailSettings.editNamed', { name })}
        onClick={onEdit}
      >
        {t('thumbnailSettings.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={t('thumbnailSettings.deleteNamed', { name })}
        onClick={onDelete}
      >
        {t('admin.common.delete')}
      </Button>
    </Group>
  )
}

/** Whether `text` (any case) appears in one of `fields`. */
export function matchesSearch(search: string, fields: readonly string[]): boolean {
  const needle = search.trim().toLowerCase()
  return needle === '' || fields.some((field) => field.toLowerCase().includes(needle))
}

/** Asks before deleting `name`; shows the server's refusal (e.g. a system configuration). */
export function ConfirmDelete({
  name,
  message,
  onConfirm,
  onClose,
}: {
  name: string | null
  message: string
  onConfirm: () => Promise<unknown>
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const [pending, setPending] = useState(false)
  const close = () => {
    setError(null)
    onClose()
  }
  return (
    <Modal opened={name !== null} onClose={close} title={t('thumbnailSettings.deleteTitle')}>
      <Stack>
        <Text>{message}</Text>
        <RequestErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            color="red"
            loading={pending}
            onClick={() => {
              setPending(true)
              onConfirm()
                .then(close)
                .catch(setError)
                .finally(() => setPending(false))
            }}
          >
            {t('admin.common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** What the picture or video adapter can do; a missing one says what still works. */
export function AdapterStatus({ kind }: { kind: 'image' | 'video' }) {
  const { t } = useTranslation()
  const { data } = useAdapterCheck(kind)
  if (!data) return null
  if (!data.available) {
    return (
      <Alert color="orange" role="status" title={t('thumbnailSettings.adapter.missingTitle')}>
        {t('thumbnailSettings.adapter.ffmpegMissing')}
      </Alert>
    )
  }
  return (
    <Text size="sm" c="dimmed" role="status">
      {t('thumbnailSettings.adapter.ready', {
        adapter: data.version ? `${data.adapter} ${data.version}` : data.adapter,
        formats: data.formats.join(', ').toUpperCase(),
      })}
    </Text>
  )
}

/** A labelled list row's flags (small pills). */
export function Flags({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="wrap">
      {children}
    </Group>
  )
}
