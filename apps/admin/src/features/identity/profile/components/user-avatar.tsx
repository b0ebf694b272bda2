import { Avatar, type AvatarProps } from '@mantine/core'
import type { CurrentUser } from '@optika/domain/admin/users-api'
import { userImageUrl, useUserImageVersion } from '../api/profile-api.ts'

/**
 * The signed-in user's picture; without one (or when it cannot be loaded: a 404) the initials of
 * their name. `alt` empty = decorative (the name is written next to it).
 */
export function UserAvatar({
  user,
  alt = '',
  ...props
}: { user: CurrentUser; alt?: string } & Omit<AvatarProps, 'src' | 'alt' | 'name'>) {
  const { data: version = 0 } = useUserImageVersion(user.id)
  const name = user.name || user.username
  return (
    <Avatar
      radius={1000}
      // One fixed dark colour: the name-derived ones ("initials") fail the text contrast check.
      color="blue.9"
      variant="filled"
      {...props}
      src={userImageUrl(user.id, user.hasImage, version)}
      alt={alt === '' ? undefined : alt}
      name={name}
      aria-hidden={alt === '' ? true : undefined}
    />
  )
}
