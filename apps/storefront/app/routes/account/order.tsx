import { Link } from 'react-router'
import type { OrderDetail } from '@optika/domain/accounts/profile-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/order'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/account/account-page-data.server.ts'
import { AccountLayout, Loaded } from '../../features/account/account-layout.tsx'
import { day, money, orderStatus } from '../../features/account/format.ts'
import { useApiData } from '../../features/account/use-api-data.ts'
import { requireId } from '../../route-params.ts'

export function loader({ request, params, context }: Route.LoaderArgs) {
  const id = requireId(params.id)
  const data = restrictedPageData(
    request,
    context,
    params.locale,
    'accountOrders',
    'page.orderDetail',
  )
  const alternates = Object.fromEntries(
    Object.entries(data.alternates).map(([l, url]) => [l, `${url}/${id}`]),
  ) as typeof data.alternates
  return { ...data, alternates, id }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** One order: number, date, status, client number, items with prices, totals. */
export default function Order({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const order = useApiData<OrderDetail>(`/api/account/orders/${loaderData.id}`)
  return (
    <AccountLayout title={t('page.orderDetail')} viewer={loaderData.viewer}>
      <Link
        to={generateUrl('accountOrders', { locale })}
        className="text-sm font-medium text-brand-700 underline"
      >
        {t('page.orderHistory')}
      </Link>
      <div className="mt-4">
        <Loaded data={order}>
          {(detail) => (
            <div className="space-y-6">
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-medium text-stone-600">{t('order.number')}</dt>
                <dd className="font-semibold">{detail.number}</dd>
                <dt className="font-medium text-stone-600">{t('order.date')}</dt>
                <dd>{day(detail.date, locale)}</dd>
                <dt className="font-medium text-stone-600">{t('order.status')}</dt>
                <dd>{orderStatus(detail.status, t)}</dd>
                <dt className="font-medium text-stone-600">{t('customer.clientNumber')}</dt>
                <dd>{detail.clientNumber ?? loaderData.viewer.clientNumber ?? '—'}</dd>
              </dl>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="mb-2 text-left text-base font-semibold text-stone-900">
                    {t('order.items')}
                  </caption>
                  <thead className="border-b border-stone-300 text-stone-600">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        {t('accountPage.order.product')}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-medium">
                        {t('order.quantity')}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-medium">
                        {t('order.unitPrice')}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-medium">
                        {t('order.priceWithoutVat')}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-medium">
                        {t('order.priceWithVat')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.items.map((item) => (
                      <tr key={item.id} className="border-b border-stone-200">
                        <th scope="row" className="py-3 pr-4 font-normal">
                          <span className="block font-medium">{item.name}</span>
                          <span className="block text-stone-500">{item.code}</span>
                        </th>
                        <td className="py-3 pr-4 text-right tabular-nums">{item.quantity}</td>
                        <td className="py-3 pr-4 text-right tabular-nums">
                          {money(item.unitPriceGross, detail.currency, locale)}
                        </td>
                        <td className="py-3 pr-4 text-right tabular-nums">
                          {money(item.totalNet, detail.currency, locale)}
                        </td>
                        <td className="py-3 pr-4 text-right tabular-nums">
                          {money(item.totalGross, detail.currency, locale)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={3} className="py-3 pr-4 text-right font-semibold">
                        {t('order.total')}
                      </th>
                      <td className="py-3 pr-4 text-right tabular-nums">
                        {money(detail.totalNet, detail.currency, locale)}
                      </td>
                      <td className="py-3 pr-4 text-right font-semibold tabular-nums">
                        {money(detail.totalGross, detail.currency, locale)}
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </div>
          )}
        </Loaded>
      </div>
    </AccountLayout>
  )
}
