import { PasswordInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { useFieldError } from '../../../../lib/form-errors.ts'

/** The new password and its repeat, validated by the shared NewPasswordSchema. */
export function NewPasswordFields<V extends { password: string; passwordRepeat: string }>({
  form,
}: {
  form: UseFormReturnType<V>
}) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const errors = form.errors as Record<string, React.ReactNode>
  return (
    <>
      <PasswordInput
        label={t('admin.auth.newPassword')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
        error={fieldError(errors.password)}
      />
      <PasswordInput
        label={t('admin.auth.newPasswordRepeat')}
        autoComplete="new-password"
        required
        {...form.getInputProps('passwordRepeat')}
        error={fieldError(errors.passwordRepeat)}
      />
    </>
  )
}
