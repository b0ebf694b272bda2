import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ScreenHeader } from '../../../components/screen-header.tsx'
import type { AdminArea } from '../../../config/admin-navigation.ts'

/** Stands in for an area whose feature has not landed yet: its title and what it will hold. */
export function PlaceholderScreen({ area }: { area: AdminArea }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xl" maw={760}>
      <ScreenHeader title={t(area.titleKey)} description={t(area.descriptionKey)} />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md" align="flex-start">
          <Badge variant="dot" color="orange" size="lg">
            {t('admin.placeholder.badge')}
          </Badge>
          <Text>{t('admin.placeholder.note')}</Text>
          <Group>
            <Button component={Link} to="/" variant="default">
              {t('admin.common.backToDashboard')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
