import type { Route } from './+types/registration'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { accountPageData } from '../../features/account/account-page-data.server.ts'
import { AccountLayout, Notice } from '../../features/account/account-layout.tsx'
import { LogOutButton } from '../../features/account/log-out-button.tsx'
import { RegistrationForm } from '../../features/account/registration-form.tsx'

export function loader({ params, context }: Route.LoaderArgs) {
  return accountPageData(context, params.locale, 'registration', 'page.customerRegistration')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** A signed-in customer cannot register anew (seed section 6): they are asked to log out first. */
export default function Registration({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <AccountLayout title={t('page.customerRegistration')} wide>
      {loaderData.viewer.signedIn ? (
        <Notice role="status">
          <p>{t('auth.logoutBeforeRegister')}</p>
          <div className="mt-4">
            <LogOutButton />
          </div>
        </Notice>
      ) : (
        <RegistrationForm kind="customer" />
      )}
    </AccountLayout>
  )
}
