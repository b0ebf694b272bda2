import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** A table row's edit and delete buttons, each labelled with the row's name for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <Button
        size="xs"
        variant="default"
        aria-label={t('adminPimStores.editItem', { name })}
        onClick={onEdit}
      >
        {t('adminPimStores.edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={t('adminPimStores.deleteItem', { name })}
        onClick={onDelete}
      >
        {t('admin.common.delete')}
      </Button>
    </>
  )
}
