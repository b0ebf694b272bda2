import { Alert, Button, Center, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { isUnauthenticated } from '../../../../lib/api-client.ts'
import { useCurrentUser } from '../api/auth-api.ts'

/**
 * Lets the back office render only for a signed-in user. The session cookie is HttpOnly, so the
 * current user's answer decides: a 401 sends the browser to the sign-in screen, which returns here.
 */
export function AuthGuard() {
  const { t } = useTranslation()
  const location = useLocation()
  const currentUser = useCurrentUser()
  if (currentUser.isPending) return <ScreenLoader />
  if (currentUser.isError) {
    if (isUnauthenticated(currentUser.error)) {
      const returnTo = `/admin${location.pathname === '/' ? '' : location.pathname}${location.search}`
      return <Navigate to={`/login?returnTo=${encodeURIComponent(returnTo)}`} replace />
    }
    return (
      <Center mih="100vh" p="md">
        <Stack align="center">
          <Alert color="red" role="alert" title={t('admin.error.title')}>
            {t('admin.auth.guard.failed')}
          </Alert>
          <Button onClick={() => void currentUser.refetch()}>{t('admin.error.reload')}</Button>
        </Stack>
      </Center>
    )
  }
  return <Outlet />
}
