import type { Cart } from '@optika/domain/commerce/cart-api'
import type { CheckoutState } from '@optika/domain/commerce/checkout-api'
import { regionName } from '@optika/domain/commerce/regions'
import { GlassesIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { cartMoney } from './cart-totals.tsx'
import { CELL_LABEL, STACKED } from './stacked-table.ts'

type AddressField = 'name' | 'company' | 'street' | 'postcode' | 'city' | 'region' | 'phone'

/**
 * A postal address as lines; the country and a region given by its code are translated,
 * `country` stands in when the address has none.
 */
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
    address.region ? regionName(address.region, t) : undefined,
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
      <caption className="mb-2 text-left text-base font-semibold text-stone-900 max-sm:block">
        {t('order.items')}
      </caption>
      <thead role="rowgroup" className={STACKED.thead}>
        <tr role="row">
          <th scope="col" role="columnheader" className="py-2 pr-4 font-medium">
            {t('accountPage.order.product')}
          </th>
          {ITEM_COLUMNS.map((key) => (
            <th
              key={key}
              scope="col"
              role="columnheader"
              className="py-2 pr-4 text-right font-medium"
            >
              {t(key)}
            </th>
          ))}
        </tr>
      </thead>
    </>
  )
}

/** The money and quantity columns of an order's items, by their headers' keys. */
const ITEM_COLUMNS = [
  'order.quantity',
  'order.unitPrice',
  'order.priceWithoutVat',
  'order.priceWithVat',
] as const

/**
 * One item of an order: a table row on wide screens, a card on phones. `cells` are the texts of
 * ITEM_COLUMNS in order.
 */
export function ItemRow({
  name,
  details,
  thumbnail,
  cells,
}: {
  name: string
  details: string
  thumbnail?: string | null | undefined
  cells: readonly [string, string, string, string]
}) {
  const { t } = useTranslation()
  return (
    <tr role="row" className={STACKED.row} data-testid="item-row">
      <th scope="row" role="rowheader" className={`${STACKED.wide} py-3 pr-4 font-normal`}>
        <span className="flex gap-3">
          {thumbnail !== undefined ? (
            <span className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-lg bg-stone-50">
              {thumbnail ? (
                <img
                  src={thumbnail}
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 object-contain mix-blend-multiply"
                />
              ) : (
                <GlassesIcon className="size-6 text-stone-400" />
              )}
            </span>
          ) : null}
          <span className="min-w-0 break-words">
            <span className="block font-medium">{name}</span>
            <span className="block text-stone-500">{details}</span>
          </span>
        </span>
      </th>
      {cells.map((text, index) => (
        <td
          key={ITEM_COLUMNS[index]}
          role="cell"
          className={`${STACKED.cell} py-3 pr-4 text-right tabular-nums max-sm:py-1 ${index % 2 === 0 ? 'max-sm:text-left' : ''}`}
        >
          <span className={CELL_LABEL} aria-hidden="true">
            {t(ITEM_COLUMNS[index] ?? '')}
          </span>
          {text}
        </td>
      ))}
    </tr>
  )
}

/** The items of the order as the final check shows them (quantity, unit and line prices). */
export function SummaryItems({ cart }: { cart: Cart }) {
  const { locale } = useTranslation()
  return (
    <table role="table" className={STACKED.table} data-testid="summary-items">
      <ItemsTableHead />
      <tbody role="rowgroup" className={STACKED.tbody}>
        {cart.items.map((item) => (
          <ItemRow
            key={item.id}
            name={item.name}
            details={[item.variantName, item.code].filter(Boolean).join(' · ')}
            thumbnail={item.thumbnail ?? null}
            cells={[
              String(item.quantity),
              cartMoney(
                cart.pricesWithVat ? item.unitPrice?.gross : item.unitPrice?.net,
                cart,
                locale,
              ),
              cartMoney(item.linePrice?.net, cart, locale),
              cartMoney(item.linePrice?.gross, cart, locale),
            ]}
          />
        ))}
      </tbody>
    </table>
  )
}

/** Contact, addresses and the chosen methods. */
export function SummaryDetails({ state }: { state: CheckoutState }) {
  const { t } = useTranslation()
  const { data } = state
  const shipping = state.shippingOptions.find((option) => option.id === data.shippingMethodId)
  const payment = state.paymentOptions.find((option) => option.id === data.paymentMethodId)
  return (
    <dl
      className="grid gap-6 text-sm [overflow-wrap:anywhere] sm:grid-cols-2"
      data-testid="summary-details"
    >
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
