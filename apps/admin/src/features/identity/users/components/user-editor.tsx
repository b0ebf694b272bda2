import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import type { AdminUser, WorkspaceEntry } from '@optika/domain/admin/users-api'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { CURRENT_USER_QUERY_KEY } from '../../auth/api/auth-api.ts'
import { updateUser, useAllRoles, usersKeys } from '../api/users-api.ts'
import { AnalyzePermissionsPanel } from './analyze-permissions-panel.tsx'
import { FolderSelect, fromFolderValue, toFolderValue } from './folder-select.tsx'
import { RightsTabPanels } from './rights-tab-panels.tsx'
import { UserActions } from './user-actions.tsx'
import { UserPicture } from './user-picture.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

const UserFormSchema = z.object({
  username: z.string().trim().min(3, 'validation.usernameRequired').max(64),
  name: z.string().trim().max(200),
  email: z.union([z.literal(''), z.email()]),
})

interface UserFormValues {
  folder: string
  username: string
  name: string
  email: string
  language: Locale
  active: boolean
  isAdmin: boolean
  roleIds: string[]
  twoFactorRequired: boolean
  permissions: PermissionKey[]
  workspaces: WorkspaceEntry[]
  allowedClasses: string[]
  allowedDocumentTypes: string[]
  contentLanguages: Locale[]
}

function toFormValues(user: AdminUser): UserFormValues {
  return {
    folder: toFolderValue(user.parentId),
    username: user.username,
    name: user.name,
    email: user.email,
    language: user.language,
    active: user.active,
    isAdmin: user.isAdmin,
    roleIds: user.roleIds.map(String),
    twoFactorRequired: user.twoFactorRequired,
    permissions: user.permissions,
    workspaces: user.workspaces,
    allowedClasses: user.allowedClasses,
    allowedDocumentTypes: user.allowedDocumentTypes,
    contentLanguages: user.contentLanguages,
  }
}

/** The editor of one user: general data, permissions, workspaces, restrictions, links, analysis. */
export function UserEditor({ user }: { user: AdminUser }) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const queryClient = useQueryClient()
  const roles = useAllRoles()
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(user),
    validate: schemaResolver(UserFormSchema, { sync: true }),
  })
  const save = useMutation({
    mutationFn: (values: UserFormValues) => {
      const { folder, email, roleIds, ...rest } = values
      return updateUser({
        id: user.id,
        data: {
          ...rest,
          parentId: fromFolderValue(folder),
          ...(email === '' ? {} : { email }),
          roleIds: roleIds.map(Number),
        },
      })
    },
    onSuccess: async () => {
      form.resetDirty()
      await queryClient.invalidateQueries({ queryKey: usersKeys.all })
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })
    },
  })
  const values = form.values
  const [tab, setTab] = useState<string | null>('general')
  // Links, 2FA actions and the analysis are forms of their own, so they sit outside this one.
  const editing = tab !== 'actions' && tab !== 'analyze'
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="general">{t('admin.users.tab.general')}</Tabs.Tab>
        <Tabs.Tab value="permissions">{t('admin.users.tab.permissions')}</Tabs.Tab>
        <Tabs.Tab value="workspaces">{t('admin.users.tab.workspaces')}</Tabs.Tab>
        <Tabs.Tab value="restrictions">{t('admin.users.tab.restrictions')}</Tabs.Tab>
        <Tabs.Tab value="actions">{t('admin.users.tab.actions')}</Tabs.Tab>
        <Tabs.Tab value="analyze">{t('admin.users.tab.analyze')}</Tabs.Tab>
      </Tabs.List>
      <form
        noValidate
        onSubmit={form.onSubmit((submitted) => save.mutate(submitted))}
        aria-label={t('admin.users.editor.userForm', { name: user.username })}
        hidden={!editing}
      >
        <Stack gap="md">
          <Tabs.Panel value="general" pt="md">
            <Stack gap="md" maw={640}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('admin.users.field.username')}
                  required
                  {...form.getInputProps('username')}
                  error={fieldError(form.errors.username)}
                />
                <TextInput
                  label={t('admin.users.field.name')}
                  {...form.getInputProps('name')}
                  error={fieldError(form.errors.name)}
                />
                <TextInput
                  label={t('admin.users.field.email')}
                  type="email"
                  {...form.getInputProps('email')}
                  error={fieldError(form.errors.email)}
                />
                <Select
                  label={t('admin.users.field.language')}
                  data={LOCALES.map((locale) => ({ value: locale, label: languageName(locale) }))}
                  allowDeselect={false}
                  {...form.getInputProps('language')}
                />
              </SimpleGrid>
              <FolderSelect
                kind="users"
                value={values.folder}
                onChange={(folder) => form.setFieldValue('folder', folder)}
              />
              <MultiSelect
                label={t('admin.users.field.roles')}
                data={(roles.data ?? []).map((role) => ({
                  value: String(role.id),
                  label: role.name,
                }))}
                searchable
                {...form.getInputProps('roleIds')}
              />
              <Switch
                label={t('admin.users.field.active')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
              <Switch
                label={t('admin.users.field.isAdmin')}
                description={t('admin.users.field.isAdminHint')}
                {...form.getInputProps('isAdmin', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('admin.users.field.twoFactorRequired')}
                {...form.getInputProps('twoFactorRequired', { type: 'checkbox' })}
              />
            </Stack>
          </Tabs.Panel>
          <RightsTabPanels value={values} onChange={(change) => form.setValues(change)} />
          <RequestErrorAlert error={save.error} />
          {save.isSuccess && !form.isDirty() && (
            <Alert color="green" role="status">
              {t('admin.common.saved')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('admin.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Tabs.Panel value="actions" pt="md">
        <Stack gap="md">
          <UserPicture user={user} />
          <UserActions user={user} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="analyze" pt="md">
        <AnalyzePermissionsPanel userId={user.id} />
      </Tabs.Panel>
    </Tabs>
  )
}
