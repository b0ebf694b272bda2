import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'

interface NameDialogProps {
  opened: boolean
  title: string
  label: string
  initialName?: string
  submitLabel: string
  pending: boolean
  error?: string
  onClose: () => void
  onSubmit: (name: string) => void
}

/** A small dialog asking for one name (adding or renaming a tree node). */
export function NameDialog({
  opened,
  title,
  label,
  initialName = '',
  submitLabel,
  pending,
  error,
  onClose,
  onSubmit,
}: NameDialogProps) {
  const { t } = useTranslation()
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: initialName },
    validate: {
      name: (name) =>
        name.trim() === ''
          ? t('admin.form.required')
          : name.trim().length > 64
            ? t('admin.form.invalid')
            : null,
    },
  })
  return (
    <Modal
      opened={opened}
      onClose={() => {
        form.reset()
        onClose()
      }}
      title={title}
    >
      <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.name.trim()))}>
        <Stack gap="md">
          {error !== undefined && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={label} required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
