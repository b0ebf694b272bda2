import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ScreenHeader } from '../../../components/screen-header.tsx'
import { NotFoundScreen } from './not-found-screen.tsx'

/**
 * A screen that failed to load or render (a chunk missing after a deploy, a bug). Shown inside the
 * shell when the screen fails, on its own when the shell itself does.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation()
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  useEffect(() => {
    if (!notFound) console.error(error)
  }, [error, notFound])
  if (notFound) return <NotFoundScreen />
  return (
    <Stack gap="xl" maw={760} p={{ base: 0, sm: 'md' }}>
      <ScreenHeader title={t('admin.error.title')} />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md" align="flex-start">
          <Text>{t('admin.error.text')}</Text>
          <Group>
            <Button onClick={() => window.location.reload()}>{t('admin.error.reload')}</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
