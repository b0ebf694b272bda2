import { Checkbox, Fieldset, SimpleGrid, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PERMISSION_GROUPS, type PermissionKey } from '@optika/domain/admin/permissions'

interface PermissionsEditorProps {
  value: readonly PermissionKey[]
  onChange: (value: PermissionKey[]) => void
}

/** The permission keys as checkboxes, one group per back-office area (PERMISSION_GROUPS). */
export function PermissionsEditor({ value, onChange }: PermissionsEditorProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      {Object.entries(PERMISSION_GROUPS).map(([group, keys]) => (
        <Fieldset
          key={group}
          legend={t(`admin.permissionGroup.${group}` as 'admin.permissionGroup.system')}
        >
          <Checkbox.Group
            value={value.filter((key) => keys.includes(key))}
            onChange={(selected) =>
              onChange([...value.filter((key) => !keys.includes(key)), ...selected])
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
              {keys.map((key) => (
                <Checkbox
                  key={key}
                  value={key}
                  label={t(`admin.permission.${key}` as 'admin.permission.users')}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Fieldset>
      ))}
    </Stack>
  )
}
