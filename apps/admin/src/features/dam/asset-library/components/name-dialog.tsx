import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { assetNameProblem } from '../model/asset-name.ts'

interface NameDialogProps {
  title: string
  submitLabel: string
  initialName?: string
  pending: boolean
  error: unknown
  onClose: () => void
  onSubmit: (name: string) => void
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
  const problem = assetNameProblem(name)
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
