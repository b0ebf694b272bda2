import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { logout, useCurrentUser } from '../../identity/auth/api/auth-api.ts'
import { UserAvatar } from '../../identity/profile/components/user-avatar.tsx'

/** Who is signed in and their actions: the profile and signing out. */
export function UserMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: user } = useCurrentUser()
  const signOut = useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear()
      void navigate('/login', { replace: true })
    },
  })
  const displayName = user === undefined ? '' : user.name || user.username
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton px="xs" py={4} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            {user === undefined ? (
              <Avatar size="sm" radius="xl" color="blue" aria-hidden />
            ) : (
              <UserAvatar user={user} size="sm" />
            )}
            <Text size="sm" fw={500} visibleFrom="sm">
              {displayName}
            </Text>
            <VisuallyHidden>{t('admin.userMenu.label')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('admin.userMenu.signedInAs', { name: user?.username ?? '' })}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          {t('admin.userMenu.profile')}
        </Menu.Item>
        <Menu.Item onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('admin.userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
