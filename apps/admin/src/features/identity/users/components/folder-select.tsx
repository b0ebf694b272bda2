import { Select } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useFolders, type TreeKind } from '../api/users-api.ts'

/** The Select's value for "no folder" (Mantine's values are strings). */
const TOP_LEVEL = 'top'

export function toFolderValue(parentId: number | null): string {
  return parentId === null ? TOP_LEVEL : String(parentId)
}

export function fromFolderValue(value: string): number | null {
  return value === TOP_LEVEL ? null : Number(value)
}

/**
 * The folder a user or role (or folder) lives in: the top level first, then the tree's folders by
 * path. A folder being moved cannot go into itself or a folder below it, so those are left out.
 */
export function FolderSelect({
  kind,
  value,
  onChange,
  movingFolderId,
}: {
  kind: TreeKind
  value: string
  onChange: (value: string) => void
  movingFolderId?: number
}) {
  const { t } = useTranslation()
  const folders = useFolders(kind)
  const options = (folders.data ?? [])
    .filter(
      (folder) =>
        movingFolderId === undefined ||
        (folder.id !== movingFolderId && !folder.ancestorIds.includes(movingFolderId)),
    )
    .map((folder) => ({ value: String(folder.id), label: folder.path }))
  return (
    <Select
      label={t('admin.users.field.folder')}
      data={[{ value: TOP_LEVEL, label: t('admin.users.field.folderTopLevel') }, ...options]}
      value={value}
      onChange={(next) => {
        if (next !== null) onChange(next)
      }}
      allowDeselect={false}
      searchable
      maw={400}
    />
  )
}
