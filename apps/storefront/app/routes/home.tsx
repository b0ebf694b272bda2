import { useId } from 'react'
import { data } from 'react-router'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/home'
import { CategoryOverview } from '../components/category-overview.tsx'
import { BenefitIcon } from '../features/documents/benefit-icons.tsx'
import { DocumentBenefits } from '../features/documents/document-benefits.tsx'
import { DocumentLink } from '../features/documents/document-link.tsx'
import { homeHeroOf } from '../features/document-pages/home-hero.ts'
import { PreviewBanner } from '../features/document-pages/preview-banner.tsx'
import { ProductGrid } from '../components/product-grid.tsx'
import { tilePrice } from '../features/catalogue/product-list/tile-price.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { requireLocale } from '../route-params.ts'
import { metaTags } from '../page-meta.ts'

const FEATURED_COUNT = 12

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { catalogue, translator, publicUrl, viewer, documents } = getStorefront(context)
  const preview = new URL(request.url).searchParams.get('preview') === '1'
  const [categories, featured, document] = await Promise.all([
    catalogue.listCategoryTree(locale),
    // Priced for the viewer like the category list: signed-in shoppers see their prices here too.
    catalogue.listFeaturedProducts(locale, FEATURED_COUNT, viewer),
    // The hero and the benefit tiles are the language root's (issue 17: an editable page).
    documents.loadPage({ path: generateUrl('home', { locale }), locale, preview }),
  ])
  const page = document.kind === 'page' ? document.page : null
  const hero = homeHeroOf(page, (key) => translator.t(locale, key))
  return data(
    {
      categories,
      featured,
      signedIn: isSignedIn(viewer),
      hero,
      // The benefit tiles as the document holds them (null: the shop's own, no document).
      content: page?.content ?? null,
      preview: page?.preview ?? null,
      alternates: inEveryLocale((l) => generateUrl('home', { locale: l })),
      meta: {
        title: page?.meta.title || translator.t(locale, 'shop.home.metaTitle'),
        description: page?.meta.description || translator.t(locale, 'shop.home.metaDescription'),
        canonical: `${publicUrl}${generateUrl('home', { locale })}`,
        noindex: page?.meta.noindex ?? false,
      },
    },
    page?.preview
      ? { headers: { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } }
      : {},
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const categoriesHeading = useId()
  const featuredHeading = useId()
  const { hero, content } = loaderData
  const fallbackBenefits = [
    { icon: 'truck', text: t('shipping.forwardingFromGermany') },
    { icon: 'glasses', text: t('shop.home.benefitParts') },
    { icon: 'star', text: t('shop.home.benefitPartners') },
  ]
  const heroPictures = loaderData.featured
    .flatMap((p) => (p.colors[0]?.image ? [{ src: p.colors[0].image, product: p }] : []))
    .slice(0, 2)

  return (
    <>
      {loaderData.preview ? (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <PreviewBanner />
        </div>
      ) : null}
      <section className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-14 lg:gap-16 lg:px-8">
          <div>
            <h1 className="text-4xl font-semibold tracking-tight text-balance text-stone-900 sm:text-5xl">
              {hero.title}
            </h1>
            {hero.text ? (
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-stone-600">
                {hero.text}
              </p>
            ) : null}
            {hero.link ? (
              <DocumentLink
                link={hero.link}
                className="mt-8 inline-flex min-h-12 items-center rounded-full bg-brand-700 px-7 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
              />
            ) : null}
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
        {content ? (
          <DocumentBenefits editables={content.editables} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
            {fallbackBenefits.map((benefit) => (
              <li
                key={benefit.icon}
                className="flex items-center gap-3 rounded-2xl bg-stone-50 px-4 py-3 text-sm leading-snug text-stone-700"
              >
                <BenefitIcon name={benefit.icon} className="size-6 shrink-0 text-brand-700" />
                {benefit.text}
              </li>
            ))}
          </ul>
        )}

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
