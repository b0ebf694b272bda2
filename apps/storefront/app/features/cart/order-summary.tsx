import type { Cart } from '@optika/domain/commerce/cart-api'
import type { CheckoutState } from '@optika/domain/commerce/checkout-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { cartMoney } from './cart-totals.tsx'

type Address = CheckoutState['data']['billing']

function AddressLines({ address, country }: { address: Address | null; country: string }) {
  const { t } = useTranslation()
  if (!address) return null
  const lines = [
    address.name,
    address.company,
    address.street,
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.region,
    t(`country.${address.country ?? country}`),
  ].filter((line): line is string => Boolean(line))
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}

/** The items of the order as the final check shows them (quantity, unit and line prices). */
export function SummaryItems({ cart }: { cart: Cart }) {
  const { t, locale } = useTranslation()
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="summary-items">
        <caption className="mb-2 text-left text-base font-semibold text-stone-900">
          {t('order.items')}
        </caption>
        <thead className="border-b border-stone-300 text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('cartPage.product')}
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
            <th scope="col" className="py-2 text-right font-medium">
              {t('order.priceWithVat')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((item) => (
            <tr key={item.id} className="border-b border-stone-200">
              <th scope="row" className="py-3 pr-4 font-normal">
                <span className="block font-medium">{item.name}</span>
                <span className="block text-stone-500">
                  {[item.variantName, item.code].filter(Boolean).join(' · ')}
                </span>
              </th>
              <td className="py-3 pr-4 text-right tabular-nums">{item.quantity}</td>
              <td className="py-3 pr-4 text-right tabular-nums">
                {cartMoney(
                  cart.pricesWithVat ? item.unitPrice?.gross : item.unitPrice?.net,
                  cart,
                  locale,
                )}
              </td>
              <td className="py-3 pr-4 text-right tabular-nums">
                {cartMoney(item.linePrice?.net, cart, locale)}
              </td>
              <td className="py-3 text-right tabular-nums">
                {cartMoney(item.linePrice?.gross, cart, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Contact, addresses and the chosen methods. */
export function SummaryDetails({ state }: { state: CheckoutState }) {
  const { t } = useTranslation()
  const { data } = state
  const shipping = state.shippingOptions.find((option) => option.id === data.shippingMethodId)
  const payment = state.paymentOptions.find((option) => option.id === data.paymentMethodId)
  return (
    <dl className="grid gap-6 text-sm sm:grid-cols-2" data-testid="summary-details">
      <div>
        <dt className="font-semibold text-stone-900">{t('cartPage.contact')}</dt>
        <dd className="mt-1">
          <span className="block">{data.contact.name}</span>
          <span className="block">{data.contact.email}</span>
          <span className="block">{data.contact.phone}</span>
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900">{t('customer.billingAddress')}</dt>
        <dd className="mt-1">
          <AddressLines address={data.billing} country={data.country} />
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900">{t('customer.deliveryAddress')}</dt>
        <dd className="mt-1">
          {data.deliveryDiffers ? (
            <AddressLines address={data.delivery} country={data.country} />
          ) : (
            t('cartPage.sameAsBilling')
          )}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900">{t('cartPage.shippingMethod')}</dt>
        <dd className="mt-1">{shipping?.name ?? '—'}</dd>
        <dt className="mt-3 font-semibold text-stone-900">{t('cartPage.paymentMethod')}</dt>
        <dd className="mt-1">{payment?.name ?? '—'}</dd>
      </div>
    </dl>
  )
}
