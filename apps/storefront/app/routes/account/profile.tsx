import { useState } from 'react'
import type { Profile } from '@optika/domain/accounts/profile-api'
import type { Route } from './+types/profile'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import { AccountLayout, Loaded } from '../../features/accounts/account/account-layout.tsx'
import { useApiData } from '../../features/accounts/account/use-api-data.ts'
import { AddressesSection } from '../../features/accounts/account/profile/addresses-section.tsx'
import {
  AccountOverview,
  NewsletterSection,
  PersonalDataSection,
} from '../../features/accounts/account/profile/account-extras.tsx'
import { PasswordForm } from '../../features/accounts/account/profile/password-form.tsx'
import { ProfileForm } from '../../features/accounts/account/profile/profile-form.tsx'

export function loader({ request, params, context }: Route.LoaderArgs) {
  return restrictedPageData(request, context, params.locale, 'account', 'page.profile')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** The signed-in customer's profile: data, addresses, password, newsletter, their personal data. */
export default function AccountProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const loaded = useApiData<Profile>('/api/account/profile')
  // Saving a section answers with the whole profile: the page shows that from then on.
  const [profile, setProfile] = useState<Profile | null>(null)
  const data = profile ? { state: 'ready' as const, data: profile } : loaded

  return (
    <AccountLayout title={t('page.profile')} viewer={loaderData.viewer}>
      <Loaded data={data}>
        {(current) => (
          <div className="space-y-10">
            <AccountOverview profile={current} />
            <ProfileForm profile={current} onSaved={setProfile} />
            <AddressesSection country={current.country} />
            <PasswordForm />
            <NewsletterSection profile={current} onChanged={setProfile} />
            <PersonalDataSection />
          </div>
        )}
      </Loaded>
    </AccountLayout>
  )
}
