import {
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Textarea,
  type MantineSize,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import type { FormEventHandler, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface FormDialogProps {
  title: string
  size?: MantineSize | undefined
  pending: boolean
  /** The server's refusal, shown above the fields. */
  error?: string | undefined
  onClose: () => void
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The fields. */
  children: ReactNode
}

/** A modal form of the store screens: the error, the fields, then Cancel and Save. */
export function FormDialog({
  title,
  size,
  pending,
  error,
  onClose,
  onSubmit,
  children,
}: FormDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('adminPimStores.close') }}
      size={size}
      title={title}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {error !== undefined && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('admin.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

interface NameDescriptionDialogProps {
  title: string
  initial?: { name: string; description: string }
  pending: boolean
  error?: string | undefined
  onClose: () => void
  onSubmit: (values: { name: string; description: string }) => void
}

/** Creates or edits a store, collection or group: a name and a description. */
export function NameDescriptionDialog({
  title,
  initial = { name: '', description: '' },
  pending,
  error,
  onClose,
  onSubmit,
}: NameDescriptionDialogProps) {
  const { t } = useTranslation()
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: (name) => (name.trim() === '' ? t('admin.form.required') : null),
    },
  })
  return (
    <FormDialog
      title={title}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={form.onSubmit((values) =>
        onSubmit({ name: values.name.trim(), description: values.description.trim() }),
      )}
    >
      <TextInput
        label={t('adminPimStores.field.name')}
        required
        data-autofocus
        maxLength={190}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('adminPimStores.field.description')}
        autosize
        minRows={2}
        maxLength={1000}
        {...form.getInputProps('description')}
      />
    </FormDialog>
  )
}

interface ConfirmDeleteDialogProps {
  title: string
  message: string
  pending: boolean
  error?: string | undefined
  onClose: () => void
  onConfirm: () => void
}

/** Asks before deleting; shows the server's refusal (e.g. a key still in a group). */
export function ConfirmDeleteDialog({
  title,
  message,
  pending,
  error,
  onClose,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('adminPimStores.close') }}
      title={title}
    >
      <Stack gap="md">
        {error !== undefined && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('admin.common.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t('admin.common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
