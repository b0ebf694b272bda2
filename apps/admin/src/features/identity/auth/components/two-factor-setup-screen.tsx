import { Button, Stack } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useRequestError } from '../../../../lib/form-errors.ts'
import { confirmForcedSetup, getForcedSetupSecret, safeReturnTo } from '../api/auth-api.ts'
import { AuthCard } from './auth-layout.tsx'
import { useFollowLoginStep } from './login-screen.tsx'
import { RecoveryCodes } from './recovery-codes.tsx'
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** /admin/login/2fa-setup — a user who must use 2FA sets it up before the back office opens. */
export function TwoFactorSetupScreen() {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get('returnTo'))
  const follow = useFollowLoginStep()
  const secret = useQuery({
    queryKey: ['admin', 'login', '2fa-setup-secret'],
    queryFn: getForcedSetupSecret,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  })
  const confirm = useMutation({ mutationFn: confirmForcedSetup })
  return (
    <AuthCard
      title={t('admin.auth.twoFactorSetup.title')}
      description={t('admin.auth.twoFactorSetup.text')}
    >
      {secret.isPending && <ScreenLoader />}
      <RequestErrorAlert error={secret.error} />
      {confirm.isSuccess ? (
        <Stack gap="md">
          <RecoveryCodes codes={confirm.data.recoveryCodes} />
          <Button onClick={() => void follow({ next: 'done', returnTo }, returnTo)}>
            {t('admin.auth.twoFactorSetup.continue')}
          </Button>
        </Stack>
      ) : (
        secret.isSuccess && (
          <TwoFactorEnrolment
            secret={secret.data.secret}
            qrCodeSvg={secret.data.qrCodeSvg}
            pending={confirm.isPending}
            error={confirm.isError ? requestError(confirm.error) : undefined}
            onConfirm={(code) => confirm.mutate(code)}
          />
        )
      )}
    </AuthCard>
  )
}
