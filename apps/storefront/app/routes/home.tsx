import { useId } from 'react'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/home'
import { CategoryOverview } from '../components/category-overview.tsx'
import { StoreIcon, TruckIcon, WrenchIcon } from '../components/icons.tsx'
import { ProductGrid } from '../components/product-grid.tsx'
import { tilePrice } from '../features/catalogue/product-list/tile-price.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { requireLocale } from '../route-params.ts'
import { metaTags } from '../page-meta.ts'

const FEATURED_COUNT = 12

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { catalogue, translator, publicUrl, viewer } = getStorefront(context)
  const [categories, featured] = await Promise.all([
    catalogue.listCategoryTree(locale),
    // Priced for the viewer like the category list: signed-in shoppers see their prices here too.
    catalogue.listFeaturedProducts(locale, FEATURED_COUNT, viewer),
  ])
  return {
    categories,
    featured,
    signedIn: isSignedIn(viewer),
    alternates: inEveryLocale((l) => generateUrl('home', { locale: l })),
    meta: {
      title: translator.t(locale, 'shop.home.metaTitle'),
      description: translator.t(locale, 'shop.home.metaDescription'),
      canonical: `${publicUrl}${generateUrl('home', { locale })}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const categoriesHeading = useId()
  const featuredHeading = useId()
  const benefits = [
    { icon: TruckIcon, text: t('shipping.forwardingFromGermany') },
    { icon: WrenchIcon, text: t('shop.home.benefitParts') },
    { icon: StoreIcon, text: t('shop.home.benefitPartners') },
  ]
  const heroPictures = loaderData.featured
    .flatMap((p) => (p.colors[0]?.image ? [{ src: p.colors[0].image, product: p }] : []))
    .slice(0, 2)

  return (
    <>
      <section className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-14 lg:gap-16 lg:px-8">
          <div>
            <h1 className="text-4xl font-semibold tracking-tight text-balance text-stone-900 sm:text-5xl">
              {t('shop.home.heroTitle')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-stone-600">
              {t('shop.home.heroText')}
            </p>
            <a
              href="#categories"
              className="mt-8 inline-flex h-12 items-center rounded-full bg-brand-700 px-7 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              {t('shop.home.heroCta')}
            </a>
          </div>
          {heroPictures.length > 0 ? (
            <div
              className="relative hidden aspect-[4/3] overflow-hidden rounded-[2.5rem] bg-white shadow-xl shadow-brand-900/10 ring-1 ring-stone-900/5 md:block"
              aria-hidden="true"
            >
              {heroPictures.map((picture, index) => (
                <img
                  key={picture.product.id}
                  src={picture.src}
                  alt=""
                  width={640}
                  height={480}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  className={
                    index === 0
                      ? 'absolute top-[8%] left-[8%] w-[84%] object-contain mix-blend-multiply'
                      : 'absolute right-[6%] bottom-[6%] w-[46%] -rotate-6 object-contain mix-blend-multiply'
                  }
                />
              ))}
            </div>
          ) : null}
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-16 px-4 pt-10 sm:px-6 lg:px-8">
        <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
          {benefits.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="flex items-center gap-3 rounded-2xl bg-stone-50 px-4 py-3 text-sm leading-snug text-stone-700"
            >
              <Icon className="size-6 shrink-0 text-brand-700" />
              {text}
            </li>
          ))}
        </ul>

        <CategoryOverview categories={loaderData.categories} headingId={categoriesHeading} />

        <section aria-labelledby={featuredHeading}>
          <h2 id={featuredHeading} className="text-2xl font-semibold tracking-tight text-stone-900">
            {t('shop.home.featuredTitle')}
          </h2>
          <div className="mt-6">
            {loaderData.featured.length > 0 ? (
              <ProductGrid
                products={loaderData.featured}
                renderPrice={tilePrice(loaderData.signedIn)}
              />
            ) : (
              <p className="text-stone-600">{t('list.noItems')}</p>
            )}
          </div>
        </section>
      </div>
    </>
  )
}
