import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import type { ClassSummary } from '../api/classes-api.ts'
import { keyProblem } from '../model/element-key.ts'

interface KeyDialogProps {
  title: string
  submitLabel: string
  initialKey?: string
  /** Offered classes: the dialog then asks for one (adding an object). */
  classes?: readonly ClassSummary[]
  pending: boolean
  error: unknown
  onClose: () => void
  onSubmit: (key: string, classId: string | null) => void
}

/** Asks for an element's key (adding, renaming), and for a class when adding an object. */
export function KeyDialog({
  title,
  submitLabel,
  initialKey = '',
  classes,
  pending,
  error,
  onClose,
  onSubmit,
}: KeyDialogProps) {
  const { t } = useTranslation()
  const [key, setKey] = useState(initialKey)
  const [classId, setClassId] = useState<string | null>(
    classes?.length === 1 ? (classes[0]?.id ?? null) : null,
  )
  const [touched, setTouched] = useState(false)
  const problem = keyProblem(key)
  const classMissing = classes !== undefined && classId === null
  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (problem !== null || classMissing) return
    onSubmit(key.trim(), classId)
  }
  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <RequestErrorAlert error={error} />
          {classes !== undefined && (
            <Select
              label={t('adminPimObjects.dialog.class')}
              data={classes.map((entry) => ({ value: entry.id, label: entry.name }))}
              value={classId}
              onChange={setClassId}
              required
              searchable
              error={touched && classMissing ? t('admin.form.required') : undefined}
            />
          )}
          <TextInput
            label={t('adminPimObjects.dialog.key')}
            description={t('adminPimObjects.dialog.keyHint')}
            value={key}
            onChange={(event) => setKey(event.currentTarget.value)}
            required
            data-autofocus
            error={
              touched && problem === 'required'
                ? t('admin.form.required')
                : touched && problem === 'invalid'
                  ? t('adminPimObjects.dialog.keyInvalid')
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
