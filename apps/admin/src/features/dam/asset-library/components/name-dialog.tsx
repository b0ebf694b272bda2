import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

interface NameDialogProps {
  title: string
  submitLabel: string
  initialName?: string
  pending: boolean
  error: unknown
  onClose: () => void
  onSubmit: (name: string) => void
}

/** A name the server would refuse at once: empty, '.', '..', or with a slash in it. */
export function nameProblem(name: string): 'required' | 'invalid' | null {
  const trimmed = name.trim()
  if (trimmed === '') return 'required'
  if (trimmed === '.' || trimmed === '..' || /[/\\]/.test(trimmed) || trimmed.length > 190) {
    return 'invalid'
  }
  return null
}

/** Asks for a folder's or file's name (adding a folder, renaming). */
export function NameDialog({
  title,
  submitLabel,
  initialName = '',
  pending,
  error,
  onClose,
  onSubmit,
}: NameDialogProps) {
  const { t } = useTranslation()
  const [name, setName] = useState(initialName)
  const [touched, setTouched] = useState(false)
  const problem = nameProblem(name)
  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (problem === null) onSubmit(name.trim())
  }
  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <RequestErrorAlert error={error} />
          <TextInput
            label={t('assetLibrary.dialog.name')}
            description={t('assetLibrary.dialog.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            data-autofocus
            error={
              touched && problem === 'required'
                ? t('admin.form.required')
                : touched && problem === 'invalid'
                  ? t('assetLibrary.dialog.nameInvalid')
                  : undefined
            }
          />
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
