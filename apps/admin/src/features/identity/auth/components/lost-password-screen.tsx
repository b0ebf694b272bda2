import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LostPasswordSchema } from '@optika/domain/admin/auth-api'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { requestPasswordReset } from '../api/auth-api.ts'
import { AuthCard } from './auth-layout.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** /admin/login/lost-password — asks for a reset link; the answer never tells whether the account exists. */
export function LostPasswordScreen() {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '' },
    validate: schemaResolver(LostPasswordSchema, { sync: true }),
  })
  const mutation = useMutation({ mutationFn: requestPasswordReset })
  return (
    <AuthCard
      title={t('admin.auth.lostPassword.title')}
      description={t('admin.auth.lostPassword.text')}
    >
      {mutation.isSuccess ? (
        <Alert color="green" role="status">
          {t('admin.auth.lostPassword.sent')}
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values.username))}>
          <Stack gap="md">
            <RequestErrorAlert error={mutation.error} />
            <TextInput
              label={t('admin.auth.username')}
              autoComplete="username"
              required
              {...form.getInputProps('username')}
              error={
                form.errors.username === undefined
                  ? undefined
                  : fieldError('validation.usernameRequired')
              }
            />
            <Button type="submit" loading={mutation.isPending}>
              {t('admin.auth.lostPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('admin.auth.backToLogin')}
      </Anchor>
    </AuthCard>
  )
}
