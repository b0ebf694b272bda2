import { Link, redirect, useSearchParams } from 'react-router'
import { LoginSchema } from '@optika/domain/accounts/account-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/login'
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
import { safeReturnTo } from '../../features/accounts/account/return-to.ts'
import { useAccountForm } from '../../features/accounts/account/use-account-form.ts'

export function loader({ request, params, context }: Route.LoaderArgs) {
  const data = accountPageData(context, params.locale, 'login', 'page.login')
  // Signed in already (e.g. in another tab): straight on to the page that asked for a login.
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'))
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
  if (data.viewer.signedIn && returnTo) throw redirect(returnTo)
  return data
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const [search] = useSearchParams()
  const requested = search.get('returnTo')
  const returnTo = safeReturnTo(requested)
  const form = useAccountForm({
    id: 'login',
    initial: { login: '', password: '' },
    schema: LoginSchema,
    build: (values) => ({ login: values.login, password: values.password }),
    send: (input) => callApi('POST', '/api/account/login', input),
    // A full load: the header, prices and the requested page render for the signed-in customer.
    onSuccess: () => window.location.assign(returnTo ?? generateUrl('account', { locale })),
  })

  return (
    <AccountLayout title={t('page.login')}>
      {requested !== null ? (
        <div className="mb-6">
          <Notice role="status">{t('auth.loginRequired')}</Notice>
        </div>
      ) : null}
      {loaderData.viewer.signedIn ? (
        <Notice role="status">
          {t('accountPage.login.already', { name: loaderData.viewer.displayName })}{' '}
          <Link to={generateUrl('account', { locale })} className="font-medium underline">
            {t('page.profile')}
          </Link>
        </Notice>
      ) : null}
      <form method="post" noValidate onSubmit={form.onSubmit} className="mt-2 space-y-5">
        <ErrorSummary form={form} />
        <RequiredNote />
        <TextField
          form={form}
          name="login"
          label={t('accountPage.login.login')}
          autoComplete="username"
          required
        />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('customer.password')}
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton form={form}>{t('auth.logIn')}</SubmitButton>
          <Link
            to={generateUrl('lostPassword', { locale })}
            className="text-sm font-medium text-brand-700 underline"
          >
            {t('page.lostPassword')}
          </Link>
        </div>
      </form>
      <section className="mt-10 border-t border-stone-200 pt-6">
        <h2 className="text-lg font-semibold text-stone-900">{t('accountPage.login.noAccount')}</h2>
        <ul className="mt-3 flex flex-wrap gap-4 text-sm font-medium">
          <li>
            <Link to={generateUrl('registration', { locale })} className="text-brand-700 underline">
              {t('page.customerRegistration')}
            </Link>
          </li>
          <li>
            <Link
              to={generateUrl('partnerRegistration', { locale })}
              className="text-brand-700 underline"
            >
              {t('page.partnerRegistration')}
            </Link>
          </li>
        </ul>
      </section>
    </AccountLayout>
  )
}
