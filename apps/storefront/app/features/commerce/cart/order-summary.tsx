import type { Cart } from '@optika/domain/commerce/cart-api'
import type { CheckoutState } from '@optika/domain/commerce/checkout-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { cartMoney } from './cart-totals.tsx'

type AddressField = 'name' | 'company' | 'street' | 'postcode' | 'city' | 'region' | 'phone'

/** A postal address as lines; the country is translated, `country` stands in when it has none. */
export function PostalAddress({
  address,
  country,
}: {
  address: Partial<Record<AddressField | 'country', string | null>> | null | undefined
  country?: string
}) {
  const { t } = useTranslation()
  if (!address) return null
  const countryCode = address.country ?? country
  const lines = [
    address.name,
    address.company,
    address.street,
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.region,
    countryCode ? t(`country.${countryCode}`) : undefined,
    address.phone,
  ].filter((line): line is string => Boolean(line))
  return (
    <address className="not-italic">
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}

/** Caption and column heads of an order's items: product, quantity, unit, net and gross price. */
export function ItemsTableHead() {
  const { t } = useTranslation()
  return (
    <>
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
    </>
  )
}

/** The items of the order as the final check shows them (quantity, unit and line prices). */
export function SummaryItems({ cart }: { cart: Cart }) {
  const { locale } = useTranslation()
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="summary-items">
        <ItemsTableHead />
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
          <PostalAddress address={data.billing} country={data.country} />
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900">{t('customer.deliveryAddress')}</dt>
        <dd className="mt-1">
          {data.deliveryDiffers ? (
            <PostalAddress address={data.delivery} country={data.country} />
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
