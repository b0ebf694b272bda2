import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { SaveDocumentTask } from '@optika/domain/cms/document-save-api'

/** Save draft, Save and publish, Unpublish: the buttons under a link's or hardlink's form. */
export function SettingsActions({
  published,
  pending,
  canPublish,
  canUnpublish,
  onSave,
}: {
  published: boolean
  pending: SaveDocumentTask | null
  canPublish: boolean
  canUnpublish: boolean
  onSave: (task: SaveDocumentTask) => void
}) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" wrap="wrap">
      <Button type="submit" loading={pending === 'publish'} disabled={!canPublish}>
        {t('cmsAdminTree.settings.publish')}
      </Button>
      <Button variant="default" loading={pending === 'version'} onClick={() => onSave('version')}>
        {t('cmsAdminTree.settings.saveDraft')}
      </Button>
      {published && (
        <Button
          variant="default"
          color="red"
          loading={pending === 'unpublish'}
          disabled={!canUnpublish}
          onClick={() => onSave('unpublish')}
        >
          {t('cmsAdminTree.settings.unpublish')}
        </Button>
      )}
    </Group>
  )
}
