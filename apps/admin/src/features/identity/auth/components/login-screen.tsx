import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AdminLoginSchema, type LoginStep } from '@optika/domain/admin/auth-api'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { login, safeReturnTo, toRouterLocation } from '../api/auth-api.ts'
import { AuthCard } from './auth-layout.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** Where a sign-in step leads: the requested screen, or the second factor or its set-up. */
export function useFollowLoginStep() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return (step: LoginStep, requestedReturnTo: string) => {
    const returnTo = safeReturnTo(step.returnTo || requestedReturnTo)
    const query = `?returnTo=${encodeURIComponent(returnTo)}`
    if (step.next === 'twoFactor') return navigate(`/login/2fa${query}`)
    if (step.next === 'twoFactorSetup') return navigate(`/login/2fa-setup${query}`)
    // A new session: forget whatever the previous one (or nobody) was allowed to see.
    queryClient.removeQueries()
    return navigate(toRouterLocation(returnTo), { replace: true })
  }
}

/** /admin/login — username and password; the server decides whether a second factor follows. */
export function LoginScreen() {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get('returnTo'))
  const follow = useFollowLoginStep()
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(AdminLoginSchema, { sync: true }),
  })
  const mutation = useMutation({
    mutationFn: (values: { username: string; password: string }) => login({ ...values, returnTo }),
    onSuccess: (step) => void follow(step, returnTo),
  })
  return (
    <AuthCard title={t('admin.auth.login.title')}>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="md">
          {params.get('error') === 'link' && !mutation.isError && (
            <Alert color="red" role="alert">
              {t('auth.credentialsNotValid')}
            </Alert>
          )}
          <RequestErrorAlert error={mutation.error} />
          <TextInput
            label={t('admin.auth.username')}
            autoComplete="username"
            required
            {...form.getInputProps('username')}
            error={fieldError(form.errors.username)}
          />
          <PasswordInput
            label={t('admin.auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
            error={fieldError(form.errors.password)}
          />
          <Button type="submit" loading={mutation.isPending}>
            {t('admin.auth.login.submit')}
          </Button>
          <Anchor component={Link} to="/login/lost-password" size="sm">
            {t('admin.auth.login.lostPassword')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  )
}
