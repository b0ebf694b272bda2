import { Link } from 'react-router'
import type { OrderList } from '@optika/domain/accounts/profile-api'
import { orderStatusKey } from '@optika/domain/commerce/order-status'
import { orderUrl } from '../../features/accounts/account/complaint-links.ts'
import type { Route } from './+types/orders'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import { AccountLayout, Loaded, Notice } from '../../features/accounts/account/account-layout.tsx'
import { day, money } from '../../features/accounts/account/format.ts'
import { useApiData } from '../../features/accounts/account/use-api-data.ts'
import { ReorderButton } from '../../features/commerce/cart/reorder-button.tsx'

export function loader({ request, params, context }: Route.LoaderArgs) {
  return restrictedPageData(request, context, params.locale, 'accountOrders', 'page.orderHistory')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** The customer's orders, newest first, each linking to its detail. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const orders = useApiData<OrderList>('/api/account/orders')
  return (
    <AccountLayout title={t('page.orderHistory')} viewer={loaderData.viewer}>
      <Loaded data={orders}>
        {({ orders: list }) =>
          list.length === 0 ? (
            <Notice role="status">{t('order.noOrders')}</Notice>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="order-list">
                <caption className="sr-only">{t('page.orderHistory')}</caption>
                <thead className="border-b border-stone-300 text-stone-600">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('order.number')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('order.date')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('order.status')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('order.finalPrice')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">{t('cartPage.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((order) => (
                    <tr key={order.id} className="border-b border-stone-200">
                      <th scope="row" className="py-3 pr-4 font-medium">
                        <Link to={orderUrl(locale, order.id)} className="text-brand-700 underline">
                          {order.number}
                        </Link>
                      </th>
                      <td className="py-3 pr-4">{day(order.date, locale)}</td>
                      <td className="py-3 pr-4" data-testid="order-status">
                        {t(orderStatusKey(order.status))}
                      </td>
                      <td className="py-3 pr-4 text-right tabular-nums">
                        {money(order.totalGross, order.currency, locale)}
                      </td>
                      <td className="py-3">
                        <div className="flex flex-wrap items-center justify-end gap-3">
                          {order.invoiceUrl ? (
                            <a
                              href={order.invoiceUrl}
                              className="text-brand-700 underline"
                              aria-label={t('cartPage.invoiceOf', { number: order.number })}
                            >
                              {t('cartPage.invoicePdf')}
                            </a>
                          ) : null}
                          <ReorderButton orderId={order.id} number={order.number} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </AccountLayout>
  )
}
