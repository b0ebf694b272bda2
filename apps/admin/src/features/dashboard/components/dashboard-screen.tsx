import { Box, Group, SimpleGrid, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ScreenHeader } from '../../../components/screen-header.tsx'
import { useAllowedNavGroups } from '../../identity/auth/api/use-allowed-nav-groups.ts'
import { AreaGroupCard } from './area-group-card.tsx'
import { SystemStatusCard } from './system-status-card.tsx'

/** The back office's landing screen at /admin: welcome, system status, and the way to each area. */
export function DashboardScreen() {
  const { t } = useTranslation()
  const groups = useAllowedNavGroups()
  return (
    <Stack gap="xl">
      <Group align="flex-start" justify="space-between" gap="xl">
        <Box style={{ flex: '1 1 20rem' }}>
          <ScreenHeader
            title={t('admin.dashboard.welcome')}
            description={t('admin.dashboard.intro')}
            documentTitle={t('admin.nav.dashboard')}
          />
        </Box>
        <Box style={{ flex: '0 1 24rem' }} miw={280}>
          <SystemStatusCard />
        </Box>
      </Group>
      <Stack gap="md" component="section" aria-labelledby="dashboard-areas-title">
        <Title order={2} size="h3" id="dashboard-areas-title">
          {t('admin.dashboard.areas')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
          {groups.map((group) => (
            <AreaGroupCard key={group.id} group={group} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  )
}
