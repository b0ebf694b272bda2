import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '@optika/domain/admin/users-api'
import { CURRENT_USER_QUERY_KEY } from '../../auth/api/auth-api.ts'
import {
  USER_IMAGE_ACCEPT,
  uploadCurrentUserImage,
  userImageVersionKey,
} from '../api/profile-api.ts'
import { UserAvatar } from './user-avatar.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** The profile's picture: shown (or the initials), replaced by uploading a PNG, JPEG or WebP. */
export function AvatarSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const resetRef = useRef<() => void>(null)
  const upload = useMutation({
    mutationFn: uploadCurrentUserImage,
    onSuccess: async () => {
      queryClient.setQueryData(userImageVersionKey(user.id), Date.now())
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })
    },
    // The same file may be chosen again after an error.
    onSettled: () => resetRef.current?.(),
  })
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-avatar">
      <Stack gap="md">
        <Title order={2} size="h4" id="profile-avatar">
          {t('admin.profile.avatar.title')}
        </Title>
        <RequestErrorAlert error={upload.error} />
        {upload.isSuccess && (
          <Alert color="green" role="status">
            {t('admin.profile.avatar.uploaded')}
          </Alert>
        )}
        <Group gap="lg" wrap="nowrap">
          <UserAvatar user={user} size={96} alt={t('admin.profile.avatar.alt')} />
          <Stack gap="xs">
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
                  loading={upload.isPending}
                  w="fit-content"
                  aria-describedby="profile-avatar-hint"
                >
                  {t('admin.profile.avatar.upload')}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed" id="profile-avatar-hint">
              {t('admin.profile.avatar.hint')}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  )
}
