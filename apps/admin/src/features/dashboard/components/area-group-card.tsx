import { Anchor, Card, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toRouterPath } from '@optika/domain/admin/admin-screens'
import type { AdminNavGroup } from '../../../config/admin-navigation.ts'

/** One navigation group on the dashboard: its areas as links with what each holds. */
export function AreaGroupCard({ group }: { group: AdminNavGroup }) {
  const { t } = useTranslation()
  const titleId = `dashboard-group-${group.id}`
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId} mb="sm">
        {t(group.titleKey)}
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {group.areas.map((area) => (
          <li key={area.screen}>
            <Anchor component={Link} to={toRouterPath(area.screen)} fw={500}>
              {t(area.titleKey)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(area.descriptionKey)}
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  )
}
