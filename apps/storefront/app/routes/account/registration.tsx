import type { Route } from './+types/registration'
import { metaTags } from '../../page-meta.ts'
import { accountPageData } from '../../features/accounts/account/account-page-data.server.ts'
import { RegistrationPage } from '../../features/accounts/account/registration-page.tsx'

export function loader({ params, context }: Route.LoaderArgs) {
  return accountPageData(context, params.locale, 'registration', 'page.customerRegistration')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Registration({ loaderData }: Route.ComponentProps) {
  return <RegistrationPage kind="customer" signedIn={loaderData.viewer.signedIn} />
}
