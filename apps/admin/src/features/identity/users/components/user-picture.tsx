import { Alert, Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminUser } from '@optika/domain/admin/users-api'
import { CURRENT_USER_QUERY_KEY } from '../../auth/api/auth-api.ts'
import {
  USER_IMAGE_ACCEPT,
  userImageUrl,
  userImageVersionKey,
  useUserImageVersion,
} from '../../profile/api/profile-api.ts'
import { deleteUserImage, uploadUserImage, usersKeys } from '../api/users-api.ts'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/**
 * A user's picture in the users screen: shown (or the initials), replaced by a PNG, JPEG or WebP
 * upload (the server decodes it and refuses anything else, an SVG included), or removed. The
 * user menu shows it once the user reloads.
 */
export function UserPicture({ user }: { user: AdminUser }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const resetRef = useRef<() => void>(null)
  const { data: version = 0 } = useUserImageVersion(user.id)
  const refresh = async () => {
    queryClient.setQueryData(userImageVersionKey(user.id), Date.now())
    await queryClient.invalidateQueries({ queryKey: usersKeys.user(user.id) })
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })
  }
  const upload = useMutation({
    mutationFn: (file: File) => uploadUserImage(user.id, file),
    onSuccess: refresh,
    onSettled: () => resetRef.current?.(),
  })
  const remove = useMutation({ mutationFn: () => deleteUserImage(user.id), onSuccess: refresh })
  const name = user.name || user.username
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`user-picture-${user.id}`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`user-picture-${user.id}`}>
          {t('adminUsers.picture.title')}
        </Title>
        <RequestErrorAlert error={upload.error ?? remove.error} />
        {(upload.isSuccess || remove.isSuccess) && (
          <Alert color="green" role="status">
            {upload.isSuccess ? t('adminUsers.picture.uploaded') : t('adminUsers.picture.removed')}
          </Alert>
        )}
        <Group gap="md" wrap="wrap">
          <Avatar
            radius={1000}
            color="blue.9"
            variant="filled"
            size={72}
            src={userImageUrl(user.id, user.hasImage, version)}
            name={name}
            alt={t('adminUsers.picture.alt', { name })}
          />
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <FileButton
                resetRef={resetRef}
                accept={USER_IMAGE_ACCEPT.join(',')}
                onChange={(file) => {
                  if (file !== null) upload.mutate(file)
                }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    loading={upload.isPending}
                    aria-describedby={`user-picture-hint-${user.id}`}
                  >
                    {t('adminUsers.picture.upload', { name })}
                  </Button>
                )}
              </FileButton>
              {user.hasImage && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  loading={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  {t('adminUsers.picture.remove', { name })}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed" id={`user-picture-hint-${user.id}`}>
              {t('adminUsers.picture.hint')}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  )
}
