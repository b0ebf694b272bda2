import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '@optika/domain/admin/users-api'
import { useRequestError } from '../../../../lib/form-errors.ts'
import { CURRENT_USER_QUERY_KEY } from '../../auth/api/auth-api.ts'
import { RecoveryCodes } from '../../auth/components/recovery-codes.tsx'
import { TwoFactorEnrolment } from '../../auth/components/two-factor-enrolment.tsx'
import { confirmTwoFactor, disableOwnTwoFactor, renewTwoFactorSecret } from '../api/profile-api.ts'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** The profile's 2FA: switch it on (QR code, confirm with a code, recovery codes once) or off. */
export function TwoFactorSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const queryClient = useQueryClient()
  const [confirmingDisable, setConfirmingDisable] = useState(false)
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })
  const secret = useMutation({ mutationFn: renewTwoFactorSecret })
  const confirm = useMutation({ mutationFn: confirmTwoFactor, onSuccess: refreshUser })
  const disable = useMutation({
    mutationFn: () => disableOwnTwoFactor(user.id),
    onSuccess: async () => {
      setConfirmingDisable(false)
      secret.reset()
      confirm.reset()
      await refreshUser()
    },
  })
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-2fa">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="profile-2fa">
            {t('admin.twoFactor.title')}
          </Title>
          <Badge color={user.twoFactorEnabled ? 'green' : 'gray'} variant="light">
            {user.twoFactorEnabled ? t('admin.twoFactor.enabled') : t('admin.twoFactor.disabled')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('admin.twoFactor.text')}
        </Text>
        <RequestErrorAlert error={secret.error} />
        {confirm.isSuccess && <RecoveryCodes codes={confirm.data.recoveryCodes} />}
        {!user.twoFactorEnabled && !confirm.isSuccess && (
          <>
            {secret.isSuccess ? (
              <TwoFactorEnrolment
                secret={secret.data.secret}
                qrCodeSvg={secret.data.qrCodeSvg}
                pending={confirm.isPending}
                error={confirm.isError ? requestError(confirm.error) : undefined}
                onConfirm={(code) => confirm.mutate(code)}
              />
            ) : (
              <Button w="fit-content" onClick={() => secret.mutate()} loading={secret.isPending}>
                {t('admin.twoFactor.enable')}
              </Button>
            )}
          </>
        )}
        {user.twoFactorEnabled && (
          <Button
            w="fit-content"
            variant="light"
            color="red"
            onClick={() => setConfirmingDisable(true)}
          >
            {t('admin.twoFactor.disable')}
          </Button>
        )}
      </Stack>
      <Modal
        opened={confirmingDisable}
        onClose={() => setConfirmingDisable(false)}
        title={t('admin.twoFactor.disable')}
      >
        <Stack gap="md">
          <Text>{t('admin.twoFactor.disableText')}</Text>
          <RequestErrorAlert error={disable.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDisable(false)}>
              {t('admin.common.cancel')}
            </Button>
            <Button color="red" loading={disable.isPending} onClick={() => disable.mutate()}>
              {t('admin.twoFactor.disable')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
