import { Alert, Anchor, Button, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { NewPasswordSchema } from '@optika/domain/admin/auth-api'
import { resetPassword } from '../api/auth-api.ts'
import { AuthCard } from './auth-layout.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/**
 * /admin/login/reset-password?token=… — sets a new password through a reset or invitation link.
 * Signing in afterwards still asks for the second factor, if the user has one.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', passwordRepeat: '' },
    validate: schemaResolver(NewPasswordSchema, { sync: true }),
  })
  const mutation = useMutation({ mutationFn: resetPassword })
  return (
    <AuthCard
      title={t('admin.auth.resetPassword.title')}
      description={t('admin.auth.resetPassword.text')}
    >
      {token === '' && (
        <Alert color="red" role="alert">
          {t('auth.credentialsNotValid')}
        </Alert>
      )}
      {mutation.isSuccess ? (
        <Alert color="green" role="status">
          {t('admin.auth.resetPassword.done')}
        </Alert>
      ) : (
        token !== '' && (
          <form
            noValidate
            onSubmit={form.onSubmit((values) => mutation.mutate({ token, ...values }))}
          >
            <Stack gap="md">
              <RequestErrorAlert error={mutation.error} />
              <NewPasswordFields form={form} />
              <Button type="submit" loading={mutation.isPending}>
                {t('admin.auth.resetPassword.submit')}
              </Button>
            </Stack>
          </form>
        )
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('admin.auth.backToLogin')}
      </Anchor>
    </AuthCard>
  )
}
