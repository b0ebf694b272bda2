import { useId } from 'react'
import { Link } from 'react-router'
import { ProductGrid } from '../../components/product-grid.tsx'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { tilePrice } from '../catalogue/product-list/tile-price.tsx'
import type { StaticListingData } from './static-route-page.server.ts'

/** A static route's product listing (issue 19): heading, tiles, and the category's full list. */
export function StaticListing({ listing }: { readonly listing: StaticListingData }) {
  const { t } = useTranslation()
  const productsHeading = useId()
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-balance break-words text-stone-900 sm:text-3xl">
        {listing.heading}
      </h1>
      <p className="mt-2 text-stone-600">
        {t('siteTools.storefront.productCount', { count: listing.totalCount })}
      </p>
      <div className="mt-8">
        {listing.products.length > 0 ? (
          <section aria-labelledby={productsHeading}>
            <h2 id={productsHeading} className="sr-only">
              {t('shop.category.products')}
            </h2>
            <ProductGrid products={listing.products} renderPrice={tilePrice(listing.signedIn)} />
          </section>
        ) : (
          <p className="rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
            {t('list.noItems')}
          </p>
        )}
        {listing.moreHref && listing.totalCount > listing.products.length ? (
          <p className="mt-8 text-center">
            <Link
              to={listing.moreHref}
              className="font-medium text-stone-900 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {t('siteTools.storefront.showAll')}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  )
}
