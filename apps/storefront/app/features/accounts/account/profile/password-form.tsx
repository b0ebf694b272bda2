import { useState } from 'react'
import { ChangePasswordSchema } from '@optika/domain/accounts/account-api'
import { useTranslation } from '../../../../i18n/i18n-provider.tsx'
import { callApi } from '../api-client.ts'
import { ErrorSummary, NewPasswordFields, SubmitButton, TextField } from '../form-fields.tsx'
import { useAccountForm } from '../use-account-form.ts'

const EMPTY = { currentPassword: '', password: '', passwordRepeat: '' }

/** Changes the password; the current one confirms it is the customer (other sessions end). */
export function PasswordForm() {
  const { t } = useTranslation()
  const [saved, setSaved] = useState(false)
  const form = useAccountForm({
    id: 'password',
    initial: EMPTY,
    schema: ChangePasswordSchema,
    build: (values) => ({
      currentPassword: values.currentPassword,
      password: values.password,
      passwordRepeat: values.passwordRepeat,
    }),
    send: (input) => {
      setSaved(false)
      return callApi('PUT', '/api/account/password', input)
    },
    onSuccess: () => {
      setSaved(true)
      form.setValues(EMPTY)
    },
  })
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-5"
      aria-labelledby="password-title"
    >
      <h2 id="password-title" className="text-xl font-semibold text-stone-900">
        {t('accountPage.password.title')}
      </h2>
      <ErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="currentPassword"
          type="password"
          label={t('accountPage.field.currentPassword')}
          autoComplete="current-password"
          required
        />
        <div className="hidden sm:block" />
        <NewPasswordFields form={form} label={t('accountPage.field.newPassword')} />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton form={form}>{t('accountPage.password.submit')}</SubmitButton>
        <p role="status" className="text-sm font-medium text-brand-800">
          {saved ? t('accountPage.password.changed') : ''}
        </p>
      </div>
    </form>
  )
}
