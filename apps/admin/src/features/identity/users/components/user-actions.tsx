import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { AdminUser } from '@optika/domain/admin/users-api'
import { useRequestError } from '../../../../lib/form-errors.ts'
import {
  createInvitationLink,
  createTokenLoginLink,
  disableTwoFactor,
  resetTwoFactor,
  usersKeys,
} from '../api/users-api.ts'

function LinkResult({ label, link }: { label: string; link: string }) {
  const { t } = useTranslation()
  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput label={label} value={link} readOnly style={{ flex: 1 }} />
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy}>
            {copied ? t('admin.common.copied') : t('admin.common.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  )
}

/** Links for a user (invitation, token login) and the admin's 2FA actions. */
export function UserActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const queryClient = useQueryClient()
  const invalidate = () => queryClient.invalidateQueries({ queryKey: usersKeys.user(user.id) })
  const invitation = useMutation({ mutationFn: () => createInvitationLink(user.id) })
  const tokenLogin = useMutation({ mutationFn: () => createTokenLoginLink(user.id) })
  const reset2fa = useMutation({ mutationFn: () => resetTwoFactor(user.id), onSuccess: invalidate })
  const disable2fa = useMutation({
    mutationFn: () => disableTwoFactor(user.id),
    onSuccess: invalidate,
  })
  const failed = [invitation, tokenLogin, reset2fa, disable2fa].find((m) => m.isError)
  return (
    <Stack gap="lg">
      {failed !== undefined && (
        <Alert color="red" role="alert">
          {requestError(failed.error)}
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('admin.users.links.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.users.links.text')}
        </Text>
        <Group>
          <Button
            variant="default"
            onClick={() => invitation.mutate()}
            loading={invitation.isPending}
          >
            {t('admin.users.links.invitation')}
          </Button>
          <Button
            variant="default"
            onClick={() => tokenLogin.mutate()}
            loading={tokenLogin.isPending}
          >
            {t('admin.users.links.tokenLogin')}
          </Button>
        </Group>
        {invitation.isSuccess && (
          <LinkResult label={t('admin.users.links.invitationLink')} link={invitation.data} />
        )}
        {tokenLogin.isSuccess && (
          <LinkResult label={t('admin.users.links.tokenLoginLink')} link={tokenLogin.data} />
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('admin.twoFactor.title')}
        </Title>
        <Text size="sm">
          {user.twoFactorEnabled ? t('admin.twoFactor.enabled') : t('admin.twoFactor.disabled')}
        </Text>
        {(reset2fa.isSuccess || disable2fa.isSuccess) && (
          <Alert color="green" role="status">
            {t('admin.common.done')}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            onClick={() => reset2fa.mutate()}
            loading={reset2fa.isPending}
            disabled={!user.twoFactorEnabled}
          >
            {t('admin.users.twoFactor.reset')}
          </Button>
          <Button
            variant="default"
            color="red"
            onClick={() => disable2fa.mutate()}
            loading={disable2fa.isPending}
            disabled={!user.twoFactorEnabled}
          >
            {t('admin.users.twoFactor.disable')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  )
}
