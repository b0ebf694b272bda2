import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { generateUrl, type RouteName } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import type { AccountViewer } from './account-page-data.server.ts'

/** A page of the account area: its heading, and for a signed-in customer the account navigation. */
export function AccountLayout({
  title,
  viewer,
  children,
  wide = false,
}: {
  title: string
  viewer?: AccountViewer
  children: ReactNode
  wide?: boolean
}) {
  return (
    <div
      className={`mx-auto ${wide || viewer ? 'max-w-6xl' : 'max-w-2xl'} px-4 pt-10 pb-16 sm:px-6 lg:px-8`}
    >
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      {viewer?.signedIn ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <AccountNav viewer={viewer} />
          <div className="min-w-0">{children}</div>
        </div>
      ) : (
        <div className="mt-8">{children}</div>
      )}
    </div>
  )
}

function AccountNav({ viewer }: { viewer: AccountViewer }) {
  const { t, locale } = useTranslation()
  const items: [RouteName, string][] = [
    ['account', 'page.profile'],
    ['accountOrders', 'page.orderHistory'],
  ]
  if (viewer.approvedPartner) {
    items.push(
      ['partnerPriceLists', 'page.priceLists'],
      ['partnerPromotionMaterial', 'page.promotionMaterial'],
      ['partnerComplaints', 'page.complaints'],
      ['partnerDealerListing', 'dealer.listing.title'],
    )
  }
  return (
    <nav aria-label={t('accountPage.nav.label')}>
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {items.map(([route, key]) => (
          <li key={route}>
            <NavLink
              to={generateUrl(route, { locale })}
              end={route === 'account'}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100'
                }`
              }
            >
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A short message in place of a page's content (nothing to show, not allowed, loading failed). */
export function Notice({ children, role }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <div role={role} className="rounded-xl border border-stone-200 bg-stone-50 p-6 text-stone-700">
      {children}
    </div>
  )
}

/** Partner pages for a viewer without partner terms: why the page is empty. */
export function PartnerOnlyNotice({ viewer }: { viewer: AccountViewer }) {
  const { t } = useTranslation()
  const key =
    viewer.kind !== 'partner'
      ? 'partner.notPartner'
      : viewer.partnerStatus === 'rejected'
        ? 'partner.rejected'
        : 'partner.awaitingApproval'
  return <Notice role="status">{t(key)}</Notice>
}

/** Renders loaded data, or the loading and failure messages in its place. */
export function Loaded<T>({
  data,
  children,
}: {
  data: { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; data: T }
  children: (value: T) => ReactNode
}) {
  const { t } = useTranslation()
  if (data.state === 'ready') return <>{children(data.data)}</>
  if (data.state === 'failed')
    return <Notice role="alert">{data.message || t('accountPage.form.failed')}</Notice>
  return (
    <p role="status" className="text-stone-600">
      {t('accountPage.loading')}
    </p>
  )
}
