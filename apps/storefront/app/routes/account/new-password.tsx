import { Link, useSearchParams } from 'react-router'
import { ResetPasswordSchema } from '@optika/domain/accounts/account-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/new-password'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { accountPageData } from '../../features/accounts/account/account-page-data.server.ts'
import { AccountLayout, Notice } from '../../features/accounts/account/account-layout.tsx'
import { callApi } from '../../features/accounts/account/api-client.ts'
import {
  ErrorSummary,
  NewPasswordFields,
  RequiredNote,
  SubmitButton,
} from '../../features/accounts/account/form-fields.tsx'
import { useAccountForm } from '../../features/accounts/account/use-account-form.ts'

export function loader({ params, context }: Route.LoaderArgs) {
  return accountPageData(context, params.locale, 'newPassword', 'page.newPassword')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** Sets a new password with the link's token; success signs the customer in (→ profile). */
export default function NewPassword() {
  const { t, locale } = useTranslation()
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const form = useAccountForm({
    id: 'new-password',
    initial: { password: '', passwordRepeat: '' },
    schema: ResetPasswordSchema,
    build: (values) => ({
      token,
      password: values.password,
      passwordRepeat: values.passwordRepeat,
    }),
    send: (input) => callApi('POST', '/api/account/reset-password', input),
    onSuccess: () => window.location.assign(generateUrl('account', { locale })),
  })
  if (token.length < 10) {
    return (
      <AccountLayout title={t('page.newPassword')}>
        <Notice role="alert">
          {t('accountPage.newPassword.noToken')}{' '}
          <Link to={generateUrl('lostPassword', { locale })} className="font-medium underline">
            {t('page.lostPassword')}
          </Link>
        </Notice>
      </AccountLayout>
    )
  }
  return (
    <AccountLayout title={t('page.newPassword')}>
      <form method="post" noValidate onSubmit={form.onSubmit} className="space-y-5">
        <ErrorSummary form={form} />
        <RequiredNote />
        <NewPasswordFields form={form} label={t('accountPage.field.newPassword')} />
        <SubmitButton form={form}>{t('accountPage.newPassword.submit')}</SubmitButton>
      </form>
    </AccountLayout>
  )
}
