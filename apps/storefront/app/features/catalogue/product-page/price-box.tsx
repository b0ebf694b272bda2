import { Link } from 'react-router'
import type { ProductListPrice } from '@optika/domain/catalogue/product-list-api'
import type { ProductStatus } from '@optika/domain/catalogue/statuses'
import { formatMoney } from '@optika/domain/commerce/money'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

interface PriceBoxProps {
  readonly price: ProductListPrice | null
  readonly pricesVisible: boolean
  /** A guest's retail price of a purchase without registration (decision 024). */
  readonly guestRetail: boolean
  readonly statuses: readonly ProductStatus[]
  /** Where the login page returns to (this page, with its query). */
  readonly returnTo: string
}

/**
 * The selected variant's price as this viewer sees it: signed-in viewers the final price, the
 * catalogue price it beats, the discount, the status badges and whether VAT is in; guests, who
 * may buy once without registration, the retail price they will pay with a note and the way to
 * log in (decision 024); without any price, that the price shows after logging in (seed §6).
 */
export function PriceBox({ price, pricesVisible, guestRetail, statuses, returnTo }: PriceBoxProps) {
  const { t, locale } = useTranslation()
  const badges =
    statuses.length > 0 ? (
      <ul aria-label={t('productPage.statuses')} className="flex flex-wrap gap-1.5">
        {statuses.map((status) => (
          <li
            key={status}
            className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase"
          >
            {t(`status.${status}`)}
          </li>
        ))}
      </ul>
    ) : null

  const logIn = (
    <Link
      to={generateUrl('login', { locale, returnTo })}
      className="font-semibold underline hover:text-brand-700"
    >
      {t('auth.logIn')}
    </Link>
  )
  if (!pricesVisible && !(guestRetail && price)) {
    return (
      <section aria-label={t('productPage.price')} className="mt-6 space-y-3">
        {badges}
        <p className="rounded-2xl bg-brand-50 px-5 py-4 text-sm font-medium text-brand-900">
          {t('auth.priceAfterLogin')} {logIn}
        </p>
      </section>
    )
  }
  if (!price) return badges ? <div className="mt-6">{badges}</div> : null

  const money = (amount: number) => formatMoney({ amount, currency: price.currency }, locale)
  const beaten = price.final < price.catalog
  return (
    <section aria-label={t('productPage.price')} className="mt-6 space-y-3">
      {badges}
      <div className="rounded-2xl bg-stone-50 px-5 py-4">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-3xl font-semibold text-stone-900" data-testid="final-price">
            {money(price.final)}
          </span>
          {beaten ? (
            <span>
              <span className="sr-only">{t('product.catalogPrice')}:</span>
              <del className="text-base text-stone-500">{money(price.catalog)}</del>
            </span>
          ) : null}
          {price.discountPercent ? (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-semibold text-white">
              <span className="sr-only">{t('product.discount')}:</span>
              {t('productPage.discountBadge', { percent: price.discountPercent })}
            </span>
          ) : null}
        </p>
        <p className="mt-1 text-sm text-stone-600">
          {t(price.withVat ? 'price.inclVat' : 'price.exclVat')}
        </p>
        {guestRetail ? (
          <p className="mt-2 text-sm text-stone-700" data-testid="guest-retail-note">
            {t('productPageMobile.guestRetailNote')} {logIn}
          </p>
        ) : null}
      </div>
    </section>
  )
}
