import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GdprPersonSummary } from '@optika/domain/operations/gdpr'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { anonymizeCustomer, gdprKeys } from '../api/gdpr-api.ts'

const normalized = (text: string) => text.replace(/\s+/g, '')

/**
 * The typed confirmation before anonymizing: staff repeat the client number (the server checks
 * it again), so a slip of the mouse never erases a person.
 */
export function AnonymizeDialog({
  opened,
  person,
  onClose,
  onDone,
}: {
  opened: boolean
  person: GdprPersonSummary
  onClose: () => void
  onDone: (orders: number) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [confirmation, setConfirmation] = useState('')
  const matches = normalized(confirmation) === normalized(person.clientNumber)
  const mutation = useMutation({
    mutationFn: () => anonymizeCustomer({ id: person.id, confirmation }),
    onSuccess: async (result) => {
      setConfirmation('')
      await queryClient.invalidateQueries({ queryKey: gdprKeys.all })
      onDone(result.changed.orders ?? 0)
    },
  })
  const close = () => {
    setConfirmation('')
    mutation.reset()
    onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('gdpr.anonymize.title')}
      closeButtonProps={{ 'aria-label': t('gdpr.anonymize.cancel') }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (matches) mutation.mutate()
        }}
      >
        <Stack gap="md">
          <Alert color="red">
            <Text size="sm">{t('gdpr.anonymize.warning')}</Text>
          </Alert>
          <TextInput
            label={t('gdpr.anonymize.confirmLabel', { clientNumber: person.clientNumber })}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <RequestErrorAlert error={mutation.error} />
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={close}>
              {t('gdpr.anonymize.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={mutation.isPending}>
              {t('gdpr.anonymize.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
