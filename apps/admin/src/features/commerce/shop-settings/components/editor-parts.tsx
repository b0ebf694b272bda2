import { Badge, Button, Group, Modal, Stack, Text, type MantineSize } from '@mantine/core'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { issuesByPath } from '../model/issues.ts'

/** The line above a settings table: what was just saved, and the button that adds a row. */
export function TabToolbar({
  message,
  addLabel,
  onAdd,
}: {
  message: string
  addLabel: string
  onAdd: () => void
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" role="status" c="green.8">
        {message}
      </Text>
      <Button onClick={onAdd}>{addLabel}</Button>
    </Group>
  )
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'}>
      {t(active ? 'admin.shop.active' : 'admin.shop.inactive')}
    </Badge>
  )
}

/** Edit and delete buttons of a settings row; deleting asks first. */
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
        aria-label={t('admin.shop.editNamed', { name })}
        onClick={onEdit}
      >
        {t('admin.shop.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={t('admin.shop.deleteNamed', { name })}
        onClick={() => {
          if (window.confirm(t('admin.shop.deleteConfirm', { name }))) onDelete()
        }}
      >
        {t('admin.common.delete')}
      </Button>
    </Group>
  )
}

/**
 * The dialog a settings row is edited in: its fields, then the form's error, the server's error
 * and cancel / save.
 */
export function EditorModal({
  title,
  size,
  invalid,
  error,
  saving,
  onClose,
  onSubmit,
  children,
}: {
  title: string
  size: MantineSize
  /** The form was submitted and did not pass its check. */
  invalid: boolean
  error: unknown
  saving: boolean
  onClose: () => void
  onSubmit: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      closeButtonProps={{ 'aria-label': t('admin.common.cancel') }}
      title={title}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <Stack gap="md">
          {children}
          {invalid && (
            <Text c="red" size="sm" role="alert">
              {t('validation.formError')}
            </Text>
          )}
          <RequestErrorAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('admin.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/**
 * The state of a settings table: the row being edited ('new' for one being added), the message
 * after a save, and deleting a row, which refreshes the table under `queryKey`.
 */
export function useRowEditing<R>(
  deleteRow: (id: number) => Promise<unknown>,
  queryKey: readonly unknown[],
) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<R | 'new' | null>(null)
  const [message, setMessage] = useState('')
  const remove = useMutation({
    mutationFn: deleteRow,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey }),
  })
  return {
    editing,
    setEditing,
    message,
    remove,
    close: () => setEditing(null),
    saved: () => {
      setEditing(null)
      setMessage(t('admin.common.saved'))
    },
  }
}

/**
 * An editor's draft, checked against the API's own schema on every change; the errors show once
 * the form was submitted, and only a draft that passes is saved (then the list is reloaded).
 * `modal` goes to EditorModal as is.
 */
export function useDraftEditor<D, I>(options: {
  initial: () => D
  toInput: (draft: D) => I
  schema: z.ZodType
  save: (input: I) => Promise<unknown>
  listKey: QueryKey
  onSaved: () => void
}) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(options.initial)
  const [showErrors, setShowErrors] = useState(false)
  const input = options.toInput(draft)
  const checked = options.schema.safeParse(input)
  const errors = showErrors ? issuesByPath(checked.error) : {}
  const save = useMutation({
    mutationFn: () => options.save(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: options.listKey })
      options.onSaved()
    },
  })
  const modal = {
    invalid: showErrors && !checked.success,
    error: save.error,
    saving: save.isPending,
    onSubmit: () => {
      setShowErrors(true)
      if (checked.success) save.mutate()
    },
  }
  return { draft, setDraft, errors, modal }
}
