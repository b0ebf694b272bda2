import { Alert, Button, Group, Stack, Tabs, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import type { AdminRole, WorkspaceEntry } from '@optika/domain/admin/users-api'
import type { Locale } from '@optika/i18n/locales'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { CURRENT_USER_QUERY_KEY } from '../../auth/api/auth-api.ts'
import { updateRole, usersKeys } from '../api/users-api.ts'
import { FolderSelect, fromFolderValue, toFolderValue } from './folder-select.tsx'
import { RightsTabPanels } from './rights-tab-panels.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

const RoleFormSchema = z.object({ name: z.string().trim().min(1).max(64) })

interface RoleFormValues {
  folder: string
  name: string
  permissions: PermissionKey[]
  workspaces: WorkspaceEntry[]
  allowedClasses: string[]
  allowedDocumentTypes: string[]
  contentLanguages: Locale[]
}

/** The editor of one role: its name, permissions, workspaces and restrictions. */
export function RoleEditor({ role }: { role: AdminRole }) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const queryClient = useQueryClient()
  const form = useForm<RoleFormValues>({
    mode: 'controlled',
    initialValues: {
      folder: toFolderValue(role.parentId),
      name: role.name,
      permissions: role.permissions,
      workspaces: role.workspaces,
      allowedClasses: role.allowedClasses,
      allowedDocumentTypes: role.allowedDocumentTypes,
      contentLanguages: role.contentLanguages,
    },
    validate: schemaResolver(RoleFormSchema, { sync: true }),
  })
  const save = useMutation({
    mutationFn: ({ folder, ...values }: RoleFormValues) =>
      updateRole({ id: role.id, data: { ...values, parentId: fromFolderValue(folder) } }),
    onSuccess: async () => {
      form.resetDirty()
      await queryClient.invalidateQueries({ queryKey: usersKeys.all })
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })
    },
  })
  const values = form.values
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((submitted) => save.mutate(submitted))}
      aria-label={t('admin.users.editor.roleForm', { name: role.name })}
    >
      <Stack gap="md">
        <RequestErrorAlert error={save.error} />
        {save.isSuccess && !form.isDirty() && (
          <Alert color="green" role="status">
            {t('admin.common.saved')}
          </Alert>
        )}
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="general">{t('admin.users.tab.general')}</Tabs.Tab>
            <Tabs.Tab value="permissions">{t('admin.users.tab.permissions')}</Tabs.Tab>
            <Tabs.Tab value="workspaces">{t('admin.users.tab.workspaces')}</Tabs.Tab>
            <Tabs.Tab value="restrictions">{t('admin.users.tab.restrictions')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <Stack gap="md">
              <TextInput
                maw={400}
                label={t('admin.users.field.roleName')}
                required
                {...form.getInputProps('name')}
                error={fieldError(form.errors.name)}
              />
              <FolderSelect
                kind="roles"
                value={values.folder}
                onChange={(folder) => form.setFieldValue('folder', folder)}
              />
            </Stack>
          </Tabs.Panel>
          <RightsTabPanels value={values} onChange={(change) => form.setValues(change)} />
        </Tabs>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('admin.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
