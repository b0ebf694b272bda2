import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { getDeleteInfo } from '../api/objects-api.ts'

interface DeleteDialogProps {
  id: number
  name: string
  pending: boolean
  error: unknown
  onClose: () => void
  onConfirm: () => void
}

/** Confirms a delete after saying how many elements it removes and who still refers to them. */
export function DeleteDialog({ id, name, pending, error, onClose, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation()
  const info = useQuery({
    queryKey: ['admin', 'objects', 'delete-info', id],
    staleTime: 0,
    queryFn: () => getDeleteInfo(id),
  })
  return (
    <Modal opened onClose={onClose} title={t('adminPimObjects.delete.title', { name })}>
      <Stack gap="md">
        <RequestErrorAlert error={info.error ?? error} />
        {info.isPending && <Loader size="sm" role="status" aria-label={t('admin.loading')} />}
        {info.data !== undefined && (
          <>
            <Text>
              {t('adminPimObjects.delete.amount', {
                count: info.data.amount,
                path: info.data.fullPath,
              })}
            </Text>
            {info.data.hasDependents && (
              <Alert color="yellow" title={t('adminPimObjects.delete.dependents')}>
                <List size="sm">
                  {info.data.requiredBy.map((entry) => (
                    <List.Item key={entry.id}>{entry.fullPath}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {!info.data.mayDelete && (
              <Alert color="red">{t('adminPimObjects.delete.notAllowed')}</Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            color="red"
            loading={pending}
            disabled={info.data?.mayDelete !== true}
            onClick={onConfirm}
          >
            {t('admin.common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
