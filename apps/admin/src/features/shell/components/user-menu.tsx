import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Who is signed in and their actions; a placeholder until the identity feature lands. */
export function UserMenu() {
  const { t } = useTranslation()
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton px="xs" py={4} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size="sm" radius="xl" color="blue" aria-hidden />
            <Text size="sm" fw={500} visibleFrom="sm">
              {t('admin.userMenu.guest')}
            </Text>
            <VisuallyHidden>{t('admin.userMenu.label')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('admin.userMenu.pending')}</Menu.Label>
        <Menu.Item disabled>{t('admin.userMenu.profile')}</Menu.Item>
        <Menu.Item disabled>{t('admin.userMenu.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
