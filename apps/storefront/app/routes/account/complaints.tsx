import { Link } from 'react-router'
import type { ComplaintSummary } from '@optika/domain/accounts/partner-api'
import type { Route } from './+types/complaints'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import {
  AccountLayout,
  Loaded,
  Notice,
  PartnerOnlyNotice,
} from '../../features/accounts/account/account-layout.tsx'
import { complaintUrl, newComplaintUrl } from '../../features/accounts/account/complaint-links.ts'
import { BUTTON } from '../../features/accounts/account/form-fields.tsx'
import { day } from '../../features/accounts/account/format.ts'
import { useApiData } from '../../features/accounts/account/use-api-data.ts'

export function loader({ request, params, context }: Route.LoaderArgs) {
  return restrictedPageData(request, context, params.locale, 'partnerComplaints', 'page.complaints')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** The partner's complaints with their state; a new one starts from an ordered item. */
export default function Complaints({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { viewer } = loaderData
  const list = useApiData<{ complaints: ComplaintSummary[] }>(
    viewer.approvedPartner ? '/api/partner/complaints' : null,
  )
  return (
    <AccountLayout title={t('page.complaints')} viewer={viewer}>
      {!viewer.approvedPartner ? (
        <PartnerOnlyNotice viewer={viewer} />
      ) : (
        <div className="space-y-6">
          <Link to={newComplaintUrl(locale)} className={BUTTON}>
            {t('accountPage.complaints.new')}
          </Link>
          <Loaded data={list}>
            {({ complaints }) =>
              complaints.length === 0 ? (
                <Notice role="status">{t('accountPage.complaints.none')}</Notice>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">{t('page.complaints')}</caption>
                    <thead className="border-b border-stone-300 text-stone-600">
                      <tr>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          {t('accountPage.order.product')}
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          {t('order.number')}
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          {t('order.date')}
                        </th>
                        <th scope="col" className="py-2 pr-4 text-right font-medium">
                          {t('order.quantity')}
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          {t('accountPage.complaints.state')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {complaints.map((complaint) => (
                        <tr key={complaint.id} className="border-b border-stone-200">
                          <th scope="row" className="py-3 pr-4 font-medium">
                            <Link
                              to={complaintUrl(locale, complaint.id)}
                              className="text-brand-700 underline"
                            >
                              {complaint.productName}
                            </Link>
                            <span className="block font-normal text-stone-500">
                              {complaint.productCode}
                            </span>
                          </th>
                          <td className="py-3 pr-4">{complaint.orderNumber}</td>
                          <td className="py-3 pr-4">{day(complaint.createdAt, locale)}</td>
                          <td className="py-3 pr-4 text-right tabular-nums">
                            {complaint.quantity}
                          </td>
                          <td className="py-3 pr-4">{t(`partner.state.${complaint.state}`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </Loaded>
        </div>
      )}
    </AccountLayout>
  )
}
