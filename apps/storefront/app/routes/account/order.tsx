import { Link } from 'react-router'
import type { OrderDetail } from '@optika/domain/accounts/profile-api'
import { orderStatusKey } from '@optika/domain/commerce/order-status'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/order'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import { AccountLayout, Loaded } from '../../features/accounts/account/account-layout.tsx'
import { day, money, moment } from '../../features/accounts/account/format.ts'
import { useApiData } from '../../features/accounts/account/use-api-data.ts'
import {
  ItemRow,
  ItemsTableHead,
  PostalAddress,
} from '../../features/commerce/cart/order-summary.tsx'
import { CELL_LABEL, STACKED } from '../../features/commerce/cart/stacked-table.ts'
import { ReorderButton } from '../../features/commerce/cart/reorder-button.tsx'
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

/** One order: number, date, status and its history, items with prices, totals, addresses. */
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
          {(detail) => {
            const price = (amount: number) => money(amount, detail.currency, locale)
            const totals: [string, { net: number; gross: number }, boolean][] = [
              [t('order.items'), detail.itemsPrice, false],
              ...(detail.discount.gross !== 0
                ? ([
                    [
                      detail.couponCode
                        ? `${t('order.coupon')} (${detail.couponCode})`
                        : t('order.coupon'),
                      { net: -detail.discount.net, gross: -detail.discount.gross },
                      false,
                    ],
                  ] as [string, { net: number; gross: number }, boolean][])
                : []),
              [
                `${t('order.deliveryPrice')} (${detail.shipping.name})`,
                detail.shipping.price,
                false,
              ],
              [`${t('order.paymentFee')} (${detail.payment.name})`, detail.payment.fee, false],
              [t('order.finalPrice'), { net: detail.totalNet, gross: detail.totalGross }, true],
            ]
            return (
              <div className="space-y-8 [overflow-wrap:anywhere]" data-testid="order-detail">
                <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                  <dt className="font-medium text-stone-600">{t('order.number')}</dt>
                  <dd className="font-semibold">{detail.number}</dd>
                  <dt className="font-medium text-stone-600">{t('order.date')}</dt>
                  <dd>{day(detail.date, locale)}</dd>
                  <dt className="font-medium text-stone-600">{t('order.status')}</dt>
                  <dd data-testid="order-status">{t(orderStatusKey(detail.status))}</dd>
                  <dt className="font-medium text-stone-600">{t('customer.clientNumber')}</dt>
                  <dd>{detail.clientNumber ?? loaderData.viewer.clientNumber ?? '—'}</dd>
                  <dt className="font-medium text-stone-600">{t('cartPage.paymentMethod')}</dt>
                  <dd>{detail.payment.name}</dd>
                  <dt className="font-medium text-stone-600">{t('cartPage.shippingMethod')}</dt>
                  <dd>{detail.shipping.name}</dd>
                  {detail.dueDate ? (
                    <>
                      <dt className="font-medium text-stone-600">
                        {t('checkoutFlow.invoice.dueDate')}
                      </dt>
                      <dd>{day(detail.dueDate, locale)}</dd>
                    </>
                  ) : null}
                  <dt className="font-medium text-stone-600">{t('order.originalCurrency')}</dt>
                  <dd>{detail.currency}</dd>
                </dl>
                <div className="flex flex-wrap items-center gap-4">
                  <ReorderButton orderId={detail.id} number={detail.number} />
                  {detail.invoiceUrl ? (
                    <a
                      href={detail.invoiceUrl}
                      className="text-sm font-medium text-brand-700 underline"
                      data-testid="invoice-link"
                    >
                      {t('cartPage.invoicePdf')}
                    </a>
                  ) : null}
                </div>
                <table role="table" className={STACKED.table} data-testid="order-items">
                  <ItemsTableHead />
                  <tbody role="rowgroup" className={STACKED.tbody}>
                    {detail.items.map((item) => (
                      <ItemRow
                        key={item.id}
                        name={item.name}
                        details={item.code}
                        thumbnail={item.thumbnail}
                        cells={[
                          String(item.quantity),
                          price(item.unitPriceGross),
                          price(item.totalNet),
                          price(item.totalGross),
                        ]}
                      />
                    ))}
                  </tbody>
                  <tfoot role="rowgroup" className={STACKED.tfoot} data-testid="order-totals">
                    {totals.map(([label, pair, strong]) => (
                      <tr
                        key={label}
                        role="row"
                        className={`${STACKED.row} ${strong ? 'font-semibold' : ''}`}
                      >
                        <th
                          scope="row"
                          role="rowheader"
                          colSpan={3}
                          className={`${STACKED.wide} py-2 pr-4 text-right font-medium max-sm:pb-0 max-sm:text-left`}
                        >
                          {label}
                        </th>
                        <td
                          role="cell"
                          className={`${STACKED.cell} py-2 pr-4 text-right tabular-nums max-sm:text-left`}
                        >
                          <span className={CELL_LABEL} aria-hidden="true">
                            {t('order.priceWithoutVat')}
                          </span>
                          {price(pair.net)}
                        </td>
                        <td
                          role="cell"
                          className={`${STACKED.cell} py-2 pr-4 text-right tabular-nums`}
                        >
                          <span className={CELL_LABEL} aria-hidden="true">
                            {t('order.priceWithVat')}
                          </span>
                          {price(pair.gross)}
                        </td>
                      </tr>
                    ))}
                    <tr role="row" className={`${STACKED.row} text-xs text-stone-500`}>
                      <th
                        scope="row"
                        role="rowheader"
                        colSpan={3}
                        className={`${STACKED.wide} py-2 pr-4 text-right font-normal max-sm:pb-0 max-sm:text-left`}
                      >
                        {t('order.catalogPriceSum')}
                      </th>
                      <td
                        role="cell"
                        className={`${STACKED.cell} py-2 pr-4 text-right tabular-nums max-sm:text-left`}
                      >
                        <span className={CELL_LABEL} aria-hidden="true">
                          {t('order.priceWithoutVat')}
                        </span>
                        {price(detail.catalogSumNet)}
                      </td>
                      <td role="cell" className={STACKED.cell} />
                    </tr>
                  </tfoot>
                </table>
                <div className="grid gap-6 text-sm sm:grid-cols-2">
                  <div>
                    <h2 className="text-sm font-semibold text-stone-900">
                      {t('customer.billingAddress')}
                    </h2>
                    <div className="mt-1">
                      <PostalAddress address={detail.billingAddress} />
                    </div>
                  </div>
                  <div>
                    <h2 className="text-sm font-semibold text-stone-900">
                      {t('customer.deliveryAddress')}
                    </h2>
                    <div className="mt-1">
                      <PostalAddress address={detail.deliveryAddress} />
                    </div>
                  </div>
                </div>
                {detail.comment ? (
                  <div className="text-sm">
                    <h2 className="text-sm font-semibold text-stone-900">{t('order.comment')}</h2>
                    <p className="mt-1 whitespace-pre-line">{detail.comment}</p>
                  </div>
                ) : null}
                {detail.history.length > 0 ? (
                  <div className="text-sm">
                    <h2 className="text-sm font-semibold text-stone-900">
                      {t('cartPage.statusHistory')}
                    </h2>
                    <ol className="mt-2 space-y-1">
                      {detail.history.map((entry) => (
                        <li key={`${entry.status}:${entry.date}`}>
                          <time dateTime={entry.date}>{moment(entry.date, locale)}</time> —{' '}
                          {t(orderStatusKey(entry.status))}
                        </li>
                      ))}
                    </ol>
                  </div>
                ) : null}
              </div>
            )
          }}
        </Loaded>
      </div>
    </AccountLayout>
  )
}
