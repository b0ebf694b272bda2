import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useHref, useLocation } from 'react-router'
import { ScreenHeader } from '../../../components/screen-header.tsx'

/** An address under /admin that no screen answers, shown inside the shell. */
export function NotFoundScreen() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const address = useHref(pathname)
  return (
    <Stack gap="xl" maw={760}>
      <ScreenHeader title={t('admin.notFound.title')} />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md" align="flex-start">
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('admin.notFound.text', { path: address })}
          </Text>
          <Group>
            <Button component={Link} to="/">
              {t('admin.common.backToDashboard')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
