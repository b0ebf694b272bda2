import { Anchor, Button, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { TwoFactorCodeSchema } from '@optika/domain/admin/auth-api'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { safeReturnTo, verifyTwoFactor } from '../api/auth-api.ts'
import { AuthCard } from './auth-layout.tsx'
import { useFollowLoginStep } from './login-screen.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** /admin/login/2fa — the second step: a code from the authenticator app or a recovery code. */
export function TwoFactorScreen() {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get('returnTo'))
  const follow = useFollowLoginStep()
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(TwoFactorCodeSchema, { sync: true }),
  })
  const mutation = useMutation({
    mutationFn: (code: string) => verifyTwoFactor(code.trim(), returnTo),
    onSuccess: (step) => void follow(step, returnTo),
    onError: () => form.setFieldValue('code', ''),
  })
  return (
    <AuthCard title={t('admin.auth.twoFactor.title')} description={t('admin.auth.twoFactor.text')}>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values.code))}>
        <Stack gap="md">
          <RequestErrorAlert error={mutation.error} />
          <TextInput
            label={t('admin.auth.twoFactor.code')}
            description={t('admin.auth.twoFactor.codeHint')}
            autoComplete="one-time-code"
            inputMode="text"
            required
            {...form.getInputProps('code')}
            error={fieldError(form.errors.code)}
          />
          <Button type="submit" loading={mutation.isPending}>
            {t('admin.auth.twoFactor.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('admin.auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  )
}
