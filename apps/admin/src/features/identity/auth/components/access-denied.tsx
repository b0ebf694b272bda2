import { Alert, Button, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { useCurrentUser } from '../api/auth-api.ts'

/** Whether the user holds at least one of the keys (an empty list: any signed-in user). */
export function hasAnyPermission(
  user: { isAdmin: boolean; effectivePermissions: readonly PermissionKey[] } | undefined,
  keys: readonly PermissionKey[],
): boolean {
  if (user === undefined) return false
  if (user.isAdmin || keys.length === 0) return true
  return keys.some((key) => user.effectivePermissions.includes(key))
}

/** The screen a user sees where their permissions do not reach. */
export function AccessDeniedScreen() {
  const { t } = useTranslation()
  return (
    <Stack gap="xl" maw={760}>
      <ScreenHeader title={t('admin.accessDenied.title')} />
      <Alert color="red" role="alert">
        {t('admin.accessDenied.text')}
      </Alert>
      <Button component={Link} to="/" variant="default" w="fit-content">
        {t('admin.common.backToDashboard')}
      </Button>
    </Stack>
  )
}

/** Renders a screen only for a user holding one of its keys. */
export function RequirePermission({
  keys,
  children,
}: {
  keys: readonly PermissionKey[]
  children: ReactNode
}) {
  const { data } = useCurrentUser()
  return hasAnyPermission(data, keys) ? children : <AccessDeniedScreen />
}
