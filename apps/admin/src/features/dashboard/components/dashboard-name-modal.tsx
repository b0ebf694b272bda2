import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DASHBOARD_NAME_MAX_LENGTH } from '@optika/domain/operations/dashboards'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'

/** Asks for a dashboard's name (to create one, or to rename one). */
export function DashboardNameModal({
  title,
  initialName,
  saving,
  error,
  onClose,
  onSave,
}: {
  title: string
  initialName: string
  saving: boolean
  error: unknown
  onClose: () => void
  onSave: (name: string) => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(initialName)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() !== '') onSave(name.trim())
  }
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('dashboards.screen.nameLabel')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={DASHBOARD_NAME_MAX_LENGTH}
            required
            data-autofocus
          />
          <RequestErrorAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('dashboards.screen.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={name.trim() === ''}>
              {t('dashboards.screen.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
