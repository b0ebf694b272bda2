import type { ReactNode } from 'react'
import type { ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import { formatMoney } from '@optika/domain/commerce/money'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

/** A list product's price as a signed-in viewer sees it: final, the catalogue price it beats, VAT. */
function TilePrice({ price }: { price: NonNullable<ProductsListProduct['price']> }) {
  const { t, locale } = useTranslation()
  return (
    <p className="mt-2 flex flex-wrap items-baseline gap-x-2 px-1 text-sm">
      <span className="font-semibold text-stone-900">
        {formatMoney({ amount: price.final, currency: price.currency }, locale)}
      </span>
      {price.final < price.catalog ? (
        <del className="text-xs text-stone-500">
          {formatMoney({ amount: price.catalog, currency: price.currency }, locale)}
        </del>
      ) : null}
      <span className="text-xs text-stone-500">
        {t(price.withVat ? 'price.inclVat' : 'price.exclVat')}
      </span>
    </p>
  )
}

function PriceAfterLogin() {
  const { t } = useTranslation()
  return <p className="mt-2 px-1 text-xs text-stone-500">{t('auth.priceAfterLogin')}</p>
}

/**
 * The tiles' price line: prices come only in signed-in viewers' answers (seed section 6);
 * anonymous visitors read that the price shows after logging in.
 */
export function tilePrice(signedIn: boolean) {
  return function renderPrice(product: Pick<ProductsListProduct, 'price'>): ReactNode {
    if (product.price) return <TilePrice price={product.price} />
    return signedIn ? null : <PriceAfterLogin />
  }
}
