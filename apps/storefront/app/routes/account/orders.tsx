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
import { CELL_LABEL, STACKED } from '../../features/commerce/cart/stacked-table.ts'

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
            <table role="table" className={STACKED.table} data-testid="order-list">
              <caption className="sr-only">{t('page.orderHistory')}</caption>
              <thead role="rowgroup" className={STACKED.thead}>
                <tr role="row">
                  <th scope="col" role="columnheader" className="py-2 pr-4 font-medium">
                    {t('order.number')}
                  </th>
                  <th scope="col" role="columnheader" className="py-2 pr-4 font-medium">
                    {t('order.date')}
                  </th>
                  <th scope="col" role="columnheader" className="py-2 pr-4 font-medium">
                    {t('order.status')}
                  </th>
                  <th scope="col" role="columnheader" className="py-2 pr-4 text-right font-medium">
                    {t('order.finalPrice')}
                  </th>
                  <th scope="col" role="columnheader" className="py-2 font-medium">
                    <span className="sr-only">{t('cartPage.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" className={STACKED.tbody}>
                {list.map((order) => (
                  <tr key={order.id} role="row" className={STACKED.row}>
                    <th
                      scope="row"
                      role="rowheader"
                      className={`${STACKED.wide} py-3 pr-4 font-medium max-sm:pb-1`}
                    >
                      <Link to={orderUrl(locale, order.id)} className="text-brand-700 underline">
                        {order.number}
                      </Link>
                    </th>
                    <td role="cell" className={`${STACKED.cell} py-3 pr-4 max-sm:py-1`}>
                      <span className={CELL_LABEL} aria-hidden="true">
                        {t('order.date')}
                      </span>
                      {day(order.date, locale)}
                    </td>
                    <td
                      role="cell"
                      className={`${STACKED.cell} py-3 pr-4 max-sm:py-1`}
                      data-testid="order-status"
                    >
                      <span className={CELL_LABEL} aria-hidden="true">
                        {t('order.status')}
                      </span>
                      {t(orderStatusKey(order.status))}
                    </td>
                    <td
                      role="cell"
                      className={`${STACKED.cell} py-3 pr-4 text-right tabular-nums max-sm:py-1 max-sm:text-left`}
                    >
                      <span className={CELL_LABEL} aria-hidden="true">
                        {t('order.finalPrice')}
                      </span>
                      {money(order.totalGross, order.currency, locale)}
                    </td>
                    <td role="cell" className={`${STACKED.cell} py-3 max-sm:py-1`}>
                      <div className="flex flex-wrap items-center justify-end gap-3 max-sm:justify-start">
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
          )
        }
      </Loaded>
    </AccountLayout>
  )
}
