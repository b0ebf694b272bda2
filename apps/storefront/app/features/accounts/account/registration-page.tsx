import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { AccountLayout, Notice } from './account-layout.tsx'
import { LogOutButton } from './log-out-button.tsx'
import { RegistrationForm } from './registration-form.tsx'

/**
 * The customer and the partner registration pages. A signed-in customer cannot register anew
 * (seed section 6): they are asked to log out first.
 */
export function RegistrationPage({
  kind,
  signedIn,
}: {
  kind: 'customer' | 'partner'
  signedIn: boolean
}) {
  const { t } = useTranslation()
  return (
    <AccountLayout
      title={t(kind === 'partner' ? 'page.partnerRegistration' : 'page.customerRegistration')}
      wide
    >
      {signedIn ? (
        <Notice role="status">
          <p>{t('auth.logoutBeforeRegister')}</p>
          <div className="mt-4">
            <LogOutButton />
          </div>
        </Notice>
      ) : (
        <>
          {kind === 'partner' ? (
            <p className="mb-6 text-stone-700">{t('accountPage.registration.partnerIntro')}</p>
          ) : null}
          <RegistrationForm kind={kind} />
        </>
      )}
    </AccountLayout>
  )
}
