import { Anchor, Burger, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CustomLogo } from '../../operations/settings/components/custom-logo.tsx'
import { NotificationBell } from '../../governance/notifications/components/notification-bell.tsx'
import { GlobalSearch } from './global-search.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { UserMenu } from './user-menu.tsx'

interface AdminHeaderProps {
  navbarId: string
  mobileNavOpened: boolean
  desktopNavOpened: boolean
  onToggleMobileNav: () => void
  onToggleDesktopNav: () => void
}

/** The top bar: navigation toggle, logo, global search, language and the user's menu. */
export function AdminHeader({
  navbarId,
  mobileNavOpened,
  desktopNavOpened,
  onToggleMobileNav,
  onToggleDesktopNav,
}: AdminHeaderProps) {
  const { t } = useTranslation()
  const toggleLabel = t('admin.header.toggleNavigation')
  return (
    // Tight at 320 px: toggle, brand, search, bell, language and the user's menu share one row.
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap={6} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileNavOpened}
          onClick={onToggleMobileNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={toggleLabel}
          aria-expanded={mobileNavOpened}
          aria-controls={navbarId}
        />
        <Burger
          opened={desktopNavOpened}
          onClick={onToggleDesktopNav}
          visibleFrom="sm"
          size="sm"
          aria-label={toggleLabel}
          aria-expanded={desktopNavOpened}
          aria-controls={navbarId}
        />
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Group gap={8} wrap="nowrap" align="center">
            <CustomLogo />
            <Text component="span" fw={800} fz="xl" c="blue.7" style={{ letterSpacing: '-0.02em' }}>
              {t('admin.brand.name')}
            </Text>
            <Text component="span" size="sm" c="dimmed" visibleFrom="xs">
              {t('admin.brand.tagline')}
            </Text>
          </Group>
        </Anchor>
      </Group>
      <GlobalSearch />
      <Group gap={4} wrap="nowrap">
        <NotificationBell />
        <LanguageSwitcher />
        <UserMenu />
      </Group>
    </Group>
  )
}
