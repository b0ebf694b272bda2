import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useDeleteInfo } from '../api/documents-api.ts'

interface DeleteDocumentDialogProps {
  id: number
  name: string
  pending: boolean
  error: unknown
  onClose: () => void
  onConfirm: () => void
}

/**
 * Confirms moving a document and everything below it to the recycle bin, saying how many go and
 * whether other elements refer to them (delete-info), as Pimcore's dialog does.
 */
export function DeleteDocumentDialog(props: DeleteDocumentDialogProps) {
  const { t } = useTranslation()
  const info = useDeleteInfo(props.id)
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('cmsAdminTree.delete.title', { name: props.name })}
    >
      <Stack gap="md">
        <RequestErrorAlert error={props.error ?? info.error} />
        {info.data === undefined ? (
          info.isPending && <Loader size="sm" role="status" aria-label={t('admin.loading')} />
        ) : (
          <>
            <Text size="sm">
              {t('cmsAdminTree.delete.count', { name: props.name, count: info.data.elements })}
            </Text>
            {info.data.usedBy > 0 && (
              <Text size="sm" c="orange.9">
                {t('cmsAdminTree.delete.usedBy', { count: info.data.usedBy })}
              </Text>
            )}
            {!info.data.deletable && (
              <Text size="sm" c="red">
                {t('cmsAdminTree.delete.notAllowed')}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            {t('admin.common.cancel')}
          </Button>
          <Button
            color="red"
            loading={props.pending}
            disabled={info.data?.deletable !== true}
            onClick={props.onConfirm}
          >
            {t('cmsAdminTree.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
