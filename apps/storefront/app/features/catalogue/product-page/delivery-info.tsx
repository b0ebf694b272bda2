import { useEffect, useId, useState } from 'react'
import type { DeliveryOutlook, ProductDelivery } from '@optika/domain/catalogue/product-detail-api'
import type { Currency } from '@optika/domain/commerce/currencies'
import { formatMoney } from '@optika/domain/commerce/money'
import { onCartChange } from '../../commerce/cart/cart-events.ts'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

/** The current cart's way to free shipping (amounts without VAT, in the cart's currency). */
export interface FreeShippingProgress {
  readonly remaining: number
  readonly currency: Currency
  readonly hasItems: boolean
}

interface DeliveryInfoProps {
  readonly delivery: ProductDelivery
  readonly outlook: DeliveryOutlook
  /** Null when the country has no free-shipping threshold. */
  readonly freeShipping: FreeShippingProgress | null
}

/**
 * Delivery information (issue 21): per shipping method of the visitor's country, the carrier and
 * the expected delivery dates the server computed from the stock state; or why there is no date;
 * and how much more the current cart needs for free shipping (updated when the cart changes).
 */
export function DeliveryInfo({ delivery, outlook, freeShipping }: DeliveryInfoProps) {
  const { t, locale } = useTranslation()
  const headingId = useId()
  const [progress, setProgress] = useState(freeShipping)

  useEffect(
    () =>
      onCartChange((cart) => {
        if (cart.freeShippingRemaining === null) return
        setProgress({
          remaining: cart.freeShippingRemaining,
          currency: cart.currency,
          hasItems: cart.items.length > 0,
        })
      }),
    [],
  )

  const money = (amount: number) =>
    formatMoney({ amount, currency: progress?.currency ?? 'CZK' }, locale)
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-stone-200 px-5 py-4 text-sm"
      data-testid="delivery-info"
    >
      <h2 id={headingId} className="text-base font-semibold text-stone-900">
        {t('productPageMobile.deliveryTitle')}
      </h2>
      <p className="mt-1 text-stone-600">
        {t('productPageMobile.deliveryCountry', { country: t(`country.${delivery.country}`) })}
      </p>
      {outlook === 'later' ? (
        <p className="mt-2 text-stone-800">{t('productPageMobile.deliveryLater')}</p>
      ) : outlook === 'none' ? (
        <p className="mt-2 text-stone-800">{t('productPageMobile.deliveryNone')}</p>
      ) : delivery.options.length === 0 ? (
        <p className="mt-2 text-stone-800">{t('productPageMobile.deliveryNoMethods')}</p>
      ) : (
        <>
          <ul className="mt-2 space-y-1">
            {delivery.options.map((option) => (
              <li key={option.methodId} className="text-stone-800">
                <span className="font-medium text-stone-900">{option.name}</span>:{' '}
                {t('productPageMobile.deliveryExpected', {
                  dates: option.datesText,
                })}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-stone-600">
            {t('productPageMobile.deliveryBusinessDays')}
          </p>
        </>
      )}
      {progress ? (
        <p className="mt-2 font-medium text-brand-900" data-testid="free-shipping">
          {!progress.hasItems
            ? // An empty cart needs the whole threshold: say the threshold itself.
              t('cart.freeShippingThreshold', { amount: money(progress.remaining) })
            : progress.remaining > 0
              ? t('cart.freeShippingRemaining', { amount: money(progress.remaining) })
              : t('productPageMobile.freeShippingReached')}
        </p>
      ) : null}
    </section>
  )
}
