import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { ProductListPrice } from '@optika/domain/catalogue/product-list-api'
import { formatMoney } from '@optika/domain/commerce/money'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

interface StickyAddToCartProps {
  /** The page's own "Add to cart" button: the bar shows while it is out of view. */
  readonly watched: HTMLElement | null
  /** The page's add-to-cart form, which the bar's button submits (quantity and rules included). */
  readonly formId: string
  readonly productName: string
  /** The selected colour, when the product has several. */
  readonly variantName: string | null
  readonly price: ProductListPrice | null
  readonly canOrder: boolean
  /** The cart took the item: the bar says so (the form's live region announces it). */
  readonly added: boolean
}

/**
 * Phones' add-to-cart bar (issue 21): the product, the selected colour and its price with the
 * "Add to cart" button, once the page's own button has scrolled out of view. It is sticky, not
 * fixed: it sits at the bottom of the viewport over the product's content and ends in the flow
 * before the footer, so it never hides the page's last lines. Wide screens never show it.
 */
export function StickyAddToCart({
  watched,
  formId,
  productName,
  variantName,
  price,
  canOrder,
  added,
}: StickyAddToCartProps) {
  const { t, locale } = useTranslation()
  const [outOfView, setOutOfView] = useState(false)

  useEffect(() => {
    if (!watched || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setOutOfView(!entry.isIntersecting)
    })
    observer.observe(watched)
    return () => observer.disconnect()
  }, [watched])

  return (
    <div
      role="region"
      aria-label={t('productPageMobile.stickyBar')}
      data-testid="sticky-add-to-cart"
      hidden={!outOfView}
      className="sticky bottom-0 z-20 -mx-4 mt-8 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur sm:-mx-6 sm:px-6 md:hidden"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-stone-900">
            {productName}
            {variantName ? (
              <span className="font-normal text-stone-600"> · {variantName}</span>
            ) : null}
          </p>
          {price ? (
            <p className="text-base font-semibold text-stone-900" data-testid="sticky-price">
              {formatMoney({ amount: price.final, currency: price.currency }, locale)}{' '}
              <span className="text-xs font-normal text-stone-600">
                {t(price.withVat ? 'price.inclVat' : 'price.exclVat')}
              </span>
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          form={formId}
          disabled={!canOrder}
          className="min-h-11 shrink-0 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          {t('cart.addToCart')}
        </button>
      </div>
      {added ? (
        <p className="mt-2 text-sm text-emerald-900">
          {t('productPage.addedToCart')}{' '}
          <Link
            to={generateUrl('cart', { locale })}
            className="font-semibold underline hover:text-emerald-700"
          >
            {t('productPage.goToCart')}
          </Link>
        </p>
      ) : null}
    </div>
  )
}
