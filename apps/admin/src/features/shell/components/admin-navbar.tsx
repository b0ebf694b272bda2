import { Box, ScrollArea, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { toRouterPath } from '@optika/domain/admin/admin-screens'
import { useAllowedNavGroups } from '../../identity/auth/api/use-allowed-nav-groups.ts'
import { NavEntry } from './nav-entry.tsx'

/** The navbar's content: the dashboard, then the areas under their group headings. */
export function AdminNavbar() {
  const { t } = useTranslation()
  const groups = useAllowedNavGroups()
  return (
    <ScrollArea type="scroll" h="100%" p="sm">
      <Stack gap="md">
        <NavEntry to="/" end label={t('admin.nav.dashboard')} />
        {groups.map((group) => {
          const headingId = `nav-group-${group.id}`
          return (
            <div key={group.id}>
              <Text
                component="h2"
                id={headingId}
                size="xs"
                fw={700}
                tt="uppercase"
                c="dimmed"
                px="sm"
                mt={0}
                mb={4}
              >
                {t(group.titleKey)}
              </Text>
              <Box
                component="ul"
                aria-labelledby={headingId}
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
              >
                {group.areas.map((area) => (
                  <li key={area.screen}>
                    <NavEntry to={toRouterPath(area.screen)} label={t(area.titleKey)} />
                  </li>
                ))}
              </Box>
            </div>
          )
        })}
      </Stack>
    </ScrollArea>
  )
}
