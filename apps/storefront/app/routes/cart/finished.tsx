import { useEffect } from 'react'
import { Link } from 'react-router'
import type { PlacedOrder } from '@optika/domain/commerce/checkout-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/finished'
import { getStorefront } from '../../get-storefront.server.ts'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../../i18n/in-every-locale.ts'
import { requireLocale } from '../../route-params.ts'
import { throwNotFound } from '../../route-responses.ts'
import { announceCart } from '../../features/commerce/cart/cart-events.ts'
import { cartMoney } from '../../features/commerce/cart/cart-totals.tsx'
import { CheckoutLayout } from '../../features/commerce/cart/checkout-layout.tsx'
import { day } from '../../features/accounts/account/format.ts'
import type { Currency } from '@optika/domain/commerce/currencies'

/**
 * The finished order: the buyer's own, or a guest's with the link's token. Anything else is a
 * page that does not exist (an order number alone shows nothing).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const number = params.number
  const token = new URL(request.url).searchParams.get('token')
  const { checkout, cart, translator, viewer } = getStorefront(context)
  let order: PlacedOrder
  try {
    order = await checkout.finishedOrder(number, token)
  } catch (error) {
    if (error instanceof Error && (error as { statusCode?: number }).statusCode === 404)
      throwNotFound()
    throw error
  }
  const qrImage = order.bankTransfer?.qr
    ? `data:image/svg+xml;base64,${Buffer.from(order.bankTransfer.qr.svg).toString('base64')}`
    : null
  const query = token ? { token } : {}
  return {
    order,
    qrImage,
    // The header's badge shows the emptied cart.
    cart: await cart.get(),
    signedIn: viewer.customerId !== null,
    alternates: inEveryLocale((l) => generateUrl('cartFinished', { locale: l, number, ...query })),
    meta: {
      title: translator.t(locale, 'shop.meta.title', {
        title: translator.t(locale, 'page.orderFinished'),
      }),
      noindex: true,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Finished({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { order, qrImage, cart, signedIn } = loaderData
  useEffect(() => announceCart(cart), [cart])
  const currency = { currency: order.currency as Currency }
  const money = (amount: number) => cartMoney(amount, currency, locale)
  const bank = order.bankTransfer
  return (
    <CheckoutLayout title={t('page.orderFinished')} step="finished" reachable="finished">
      <div className="max-w-3xl space-y-8" data-testid="finished-order">
        <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
          <p role="status" className="text-lg font-semibold text-emerald-900">
            {t('cartPage.thankYou')}
          </p>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-stone-600">{t('order.number')}</dt>
            <dd className="font-semibold" data-testid="order-number">
              {order.number}
            </dd>
            <dt className="font-medium text-stone-600">{t('order.finalPrice')}</dt>
            <dd className="font-semibold tabular-nums">{money(order.total.gross)}</dd>
            <dt className="font-medium text-stone-600">{t('cartPage.paymentMethod')}</dt>
            <dd>{t(`cartPage.paymentKind.${order.paymentKind}`)}</dd>
          </dl>
        </div>

        {bank ? (
          <section
            aria-labelledby="bank-transfer"
            className="rounded-2xl border border-stone-200 p-6"
            data-testid="bank-transfer"
          >
            <h2 id="bank-transfer" className="text-lg font-semibold text-stone-900">
              {t('cartPage.bankTransfer.title')}
            </h2>
            <div className="mt-4 flex flex-wrap gap-8">
              <dl className="grid flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-medium text-stone-600">{t('checkoutFlow.bank.accountName')}</dt>
                <dd>{bank.accountName}</dd>
                <dt className="font-medium text-stone-600">{t('checkoutFlow.bank.iban')}</dt>
                <dd className="font-mono" data-testid="iban">
                  {bank.iban}
                </dd>
                <dt className="font-medium text-stone-600">{t('checkoutFlow.bank.bic')}</dt>
                <dd className="font-mono">{bank.bic}</dd>
                <dt className="font-medium text-stone-600">
                  {t('cartPage.bankTransfer.variableSymbol')}
                </dt>
                <dd className="font-mono" data-testid="variable-symbol">
                  {bank.variableSymbol}
                </dd>
                <dt className="font-medium text-stone-600">{t('checkoutFlow.bank.amount')}</dt>
                <dd className="font-semibold tabular-nums">{money(bank.amount)}</dd>
              </dl>
              {qrImage ? (
                <figure className="text-center">
                  <img
                    src={qrImage}
                    alt={t('cartPage.bankTransfer.qrAlt', { number: order.number })}
                    width={192}
                    height={192}
                    className="size-48"
                    data-testid="payment-qr"
                  />
                  <figcaption className="mt-2 text-xs text-stone-600">
                    {t('cartPage.bankTransfer.qrHint')}
                  </figcaption>
                </figure>
              ) : null}
            </div>
          </section>
        ) : null}

        {order.paymentKind === 'invoice' && order.dueDate ? (
          <p className="text-sm" data-testid="invoice-due">
            {t('cartPage.invoiceDue', { date: day(order.dueDate, locale) })}
          </p>
        ) : null}
        {order.paymentKind === 'cashOnDelivery' ? (
          <p className="text-sm" data-testid="cash-on-delivery">
            {t('cartPage.cashOnDeliveryPay', { amount: money(order.total.gross) })}{' '}
            {t('payment.cashOnDeliveryNote')}
          </p>
        ) : null}

        <p className="text-sm text-stone-700">{t('cartPage.confirmationSent')}</p>
        <div className="flex flex-wrap gap-4 text-sm font-medium">
          {signedIn ? (
            <Link
              to={generateUrl('accountOrder', { locale, id: order.id })}
              className="text-brand-700 underline"
            >
              {t('cartPage.viewOrder')}
            </Link>
          ) : null}
          <Link to={generateUrl('home', { locale })} className="text-brand-700 underline">
            {t('cartPage.continueShopping')}
          </Link>
        </div>
      </div>
    </CheckoutLayout>
  )
}
