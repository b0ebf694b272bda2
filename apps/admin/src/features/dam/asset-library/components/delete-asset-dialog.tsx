import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

interface DeleteAssetDialogProps {
  name: string
  isFolder: boolean
  pending: boolean
  error: unknown
  onClose: () => void
  onConfirm: () => void
}

/** Confirms moving an asset (a folder with everything in it) to the recycle bin. */
export function DeleteAssetDialog({
  name,
  isFolder,
  pending,
  error,
  onClose,
  onConfirm,
}: DeleteAssetDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal opened onClose={onClose} title={t('assetLibrary.dialog.deleteTitle', { name })}>
      <Stack gap="md">
        <RequestErrorAlert error={error} />
        <Text size="sm">
          {isFolder
            ? t('assetLibrary.dialog.deleteFolder', { name })
            : t('assetLibrary.dialog.deleteFile', { name })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('admin.common.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t('assetLibrary.dialog.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
