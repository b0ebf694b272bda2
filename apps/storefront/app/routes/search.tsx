import { useId } from 'react'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/search'
import { ProductGrid } from '../components/product-grid.tsx'
import { tilePrice } from '../features/catalogue/product-list/tile-price.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'

const RESULT_LIMIT = 48

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { catalogue, translator, viewer } = getStorefront(context)
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  const results = query ? await catalogue.searchProducts(locale, query, RESULT_LIMIT, viewer) : []
  const title = query
    ? translator.t(locale, 'shop.search.resultsFor', { query })
    : translator.t(locale, 'shop.search.title')
  return {
    query,
    results,
    signedIn: isSignedIn(viewer),
    alternates: inEveryLocale((l) => generateUrl('search', { locale: l, q: query })),
    meta: { title: translator.t(locale, 'shop.meta.title', { title }), noindex: true },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { query, results } = loaderData
  const resultsHeading = useId()
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {query ? t('shop.search.resultsFor', { query }) : t('shop.search.title')}
      </h1>
      <div className="mt-8">
        {!query ? (
          <p className="text-stone-600">{t('shop.search.prompt')}</p>
        ) : results.length > 0 ? (
          <section aria-labelledby={resultsHeading}>
            <h2 id={resultsHeading} className="sr-only">
              {t('shop.category.products')}
            </h2>
            <ProductGrid products={results} renderPrice={tilePrice(loaderData.signedIn)} />
          </section>
        ) : (
          <p className="rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
            {t('list.noItems')}
          </p>
        )}
      </div>
    </div>
  )
}
