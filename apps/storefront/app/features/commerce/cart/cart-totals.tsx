import type { Cart, PricePair } from '@optika/domain/commerce/cart-api'
import { formatMoney } from '@optika/domain/commerce/money'
import type { Locale } from '@optika/i18n/locales'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { STACKED } from './stacked-table.ts'

/** An amount of the cart's currency, for people; '—' when there is no price. */
export function cartMoney(
  amount: number | null | undefined,
  cart: Pick<Cart, 'currency'>,
  locale: Locale,
): string {
  return amount === null || amount === undefined
    ? '—'
    : formatMoney({ amount, currency: cart.currency }, locale)
}

/** On phones each sum is its label above its two amounts, under the table's two headers. */
const TOTALS_ROW = 'max-sm:grid max-sm:grid-cols-2'

function Row({
  label,
  pair,
  cart,
  negative = false,
  strong = false,
}: {
  label: string
  pair: PricePair | null
  cart: Cart
  negative?: boolean
  strong?: boolean
}) {
  const { locale } = useTranslation()
  const sign = negative && pair && pair.gross !== 0 ? '−' : ''
  return (
    <tr
      role="row"
      className={`${TOTALS_ROW} ${strong ? 'border-t border-stone-300 font-semibold sm:text-base' : ''}`}
    >
      <th
        scope="row"
        role="rowheader"
        className={`${STACKED.wide} py-1.5 pr-4 text-left font-normal max-sm:pb-0`}
      >
        {label}
      </th>
      <td
        role="cell"
        className={`${STACKED.cell} py-1.5 pl-4 text-right tabular-nums text-stone-600`}
      >
        {pair ? `${sign}${cartMoney(pair.net, cart, locale)}` : '—'}
      </td>
      <td role="cell" className={`${STACKED.cell} py-1.5 pl-4 text-right tabular-nums`}>
        {pair ? `${sign}${cartMoney(pair.gross, cart, locale)}` : '—'}
      </td>
    </tr>
  )
}

/**
 * The cart's sums with and without VAT: items, discount, shipping, payment fee, final price. On
 * phones each sum's label sits above its amounts, so the final price is never pushed off-screen.
 */
export function CartTotals({ cart }: { cart: Cart }) {
  const { t, locale } = useTranslation()
  const { totals } = cart
  return (
    <table role="table" className="w-full text-sm max-sm:block" data-testid="cart-totals">
      <caption className="sr-only">{t('order.total')}</caption>
      <thead role="rowgroup" className="max-sm:block">
        <tr role="row" className={`${TOTALS_ROW} text-stone-500`}>
          <td className="max-sm:hidden" />
          <th
            scope="col"
            role="columnheader"
            className={`${STACKED.cell} pb-1 pl-4 text-right text-xs font-medium`}
          >
            {t('order.priceWithoutVat')}
          </th>
          <th
            scope="col"
            role="columnheader"
            className={`${STACKED.cell} pb-1 pl-4 text-right text-xs font-medium`}
          >
            {t('order.priceWithVat')}
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-sm:block">
        <Row label={t('order.items')} pair={totals.items} cart={cart} />
        {totals.discount && totals.discount.gross !== 0 ? (
          <Row
            label={cart.coupon ? `${t('order.coupon')} (${cart.coupon.code})` : t('order.coupon')}
            pair={totals.discount}
            cart={cart}
            negative
          />
        ) : null}
        {totals.shipping ? (
          <Row label={t('order.deliveryPrice')} pair={totals.shipping} cart={cart} />
        ) : null}
        {totals.paymentFee ? (
          <Row label={t('order.paymentFee')} pair={totals.paymentFee} cart={cart} />
        ) : null}
        <Row label={t('order.finalPrice')} pair={totals.total} cart={cart} strong />
        {totals.catalogSum ? (
          <tr role="row" className={`${TOTALS_ROW} text-xs text-stone-500`}>
            <th
              scope="row"
              role="rowheader"
              className={`${STACKED.wide} pt-2 pr-4 text-left font-normal`}
            >
              {t('order.catalogPriceSum')}
            </th>
            <td role="cell" className={`${STACKED.cell} pt-2 pl-4 text-right tabular-nums`}>
              {cartMoney(totals.catalogSum.net, cart, locale)}
            </td>
            <td role="cell" className={`${STACKED.cell} pt-2 pl-4 text-right tabular-nums`}>
              {cartMoney(totals.catalogSum.gross, cart, locale)}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  )
}
