import type { Route } from './+types/partner-registration'
import { metaTags } from '../../page-meta.ts'
import { accountPageData } from '../../features/accounts/account/account-page-data.server.ts'
import { RegistrationPage } from '../../features/accounts/account/registration-page.tsx'

export function loader({ params, context }: Route.LoaderArgs) {
  return accountPageData(context, params.locale, 'partnerRegistration', 'page.partnerRegistration')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function PartnerRegistration({ loaderData }: Route.ComponentProps) {
  return <RegistrationPage kind="partner" signedIn={loaderData.viewer.signedIn} />
}
