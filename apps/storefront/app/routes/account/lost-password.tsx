import { useState } from 'react'
import { LostPasswordSchema } from '@optika/domain/accounts/account-api'
import type { Route } from './+types/lost-password'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { accountPageData } from '../../features/accounts/account/account-page-data.server.ts'
import { AccountLayout, Notice } from '../../features/accounts/account/account-layout.tsx'
import { callApi } from '../../features/accounts/account/api-client.ts'
import {
  ErrorSummary,
  RequiredNote,
  SubmitButton,
  TextField,
} from '../../features/accounts/account/form-fields.tsx'
import { useAccountForm } from '../../features/accounts/account/use-account-form.ts'

export function loader({ params, context }: Route.LoaderArgs) {
  return accountPageData(context, params.locale, 'lostPassword', 'page.lostPassword')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** Asks for a reset link. The answer is the same whether the address has an account or not. */
export default function LostPassword() {
  const { t } = useTranslation()
  const [sent, setSent] = useState(false)
  const form = useAccountForm({
    id: 'lost-password',
    initial: { email: '' },
    schema: LostPasswordSchema,
    build: (values) => ({ email: values.email }),
    send: (input) => callApi('POST', '/api/account/lost-password', input),
    onSuccess: () => setSent(true),
  })
  return (
    <AccountLayout title={t('page.lostPassword')}>
      {sent ? (
        <Notice role="status">{t('account.lostPasswordSent')}</Notice>
      ) : (
        <form method="post" noValidate onSubmit={form.onSubmit} className="space-y-5">
          <p className="text-stone-700">{t('accountPage.lostPassword.intro')}</p>
          <ErrorSummary form={form} />
          <RequiredNote />
          <TextField
            form={form}
            name="email"
            type="email"
            label={t('customer.email')}
            autoComplete="email"
            required
          />
          <SubmitButton form={form}>{t('accountPage.lostPassword.submit')}</SubmitButton>
        </form>
      )}
    </AccountLayout>
  )
}
