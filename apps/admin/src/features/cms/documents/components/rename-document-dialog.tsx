import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { documentKeyProblem } from '../model/document-key.ts'

interface RenameDocumentDialogProps {
  currentKey: string
  pending: boolean
  error: unknown
  onClose: () => void
  onSubmit: (key: string) => void
}

/** Asks for a document's new key (its path segment; the paths below it follow). */
export function RenameDocumentDialog(props: RenameDocumentDialogProps) {
  const { t } = useTranslation()
  const [key, setKey] = useState(props.currentKey)
  const [touched, setTouched] = useState(false)
  const problem = documentKeyProblem(key)
  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (problem === null) props.onSubmit(key.trim())
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('cmsAdminTree.rename.title', { name: props.currentKey })}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <RequestErrorAlert error={props.error} />
          <TextInput
            label={t('cmsAdminTree.field.key')}
            description={t('cmsAdminTree.field.keyHint')}
            value={key}
            required
            data-autofocus
            onChange={(event) => setKey(event.currentTarget.value)}
            error={
              touched && problem === 'required'
                ? t('admin.form.required')
                : touched && problem === 'invalid'
                  ? t('cmsAdminTree.field.keyInvalid')
                  : undefined
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={props.pending}>
              {t('admin.common.rename')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
