import { useState } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import type { AvailabilityState } from '@optika/domain/catalogue/availability'
import type { Route } from './+types/product'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { ColourSwatches } from '../components/colour-swatches.tsx'
import { GlassesIcon } from '../components/icons.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { metaTags } from '../page-meta.ts'
import { requireId, requireLocale } from '../route-params.ts'
import { throwMovedTo, throwNotFound } from '../route-responses.ts'

/** The translation key of each stock state (seed section 4). */
const AVAILABILITY_KEYS: Record<AvailabilityState, string> = {
  inStock: 'availability.inStock',
  lowStock: 'availability.lowStock',
  outOfStock: 'availability.outOfStockLater',
  noFurtherDeliveries: 'availability.noFurtherDeliveries',
  endOfProduction: 'availability.endOfProduction',
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  const { catalogue, translator, publicUrl } = getStorefront(context)
  const product = await catalogue.getProduct(locale, id)
  if (!product) throwNotFound()
  if (url.pathname !== product.url) throwMovedTo(product.url)
  return {
    product,
    alternates: product.urls,
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: product.name }),
      description: product.description,
      canonical: `${publicUrl}${product.url}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Product({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { product } = loaderData
  const locale = requireLocale(params.locale)
  const [selected, setSelected] = useState(0)
  const variant = product.variants[selected] ?? product.variants[0]
  const trail = product.categoryTrail

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb locale={locale} trail={trail} current={product.name} />
      <div className="mt-6 grid gap-10 md:grid-cols-2 lg:gap-16">
        <div className="grid aspect-[4/3] place-items-center overflow-hidden rounded-3xl bg-stone-50">
          {variant?.image ? (
            <img
              src={variant.image}
              width={variant.imageWidth}
              height={variant.imageHeight}
              alt={`${product.name} – ${variant.name}`}
              fetchPriority="high"
              className="h-full w-full object-contain p-6 mix-blend-multiply"
            />
          ) : (
            <span className="flex flex-col items-center gap-2 text-sm text-stone-500">
              <GlassesIcon className="size-14" />
              {t('shop.product.noImage')}
            </span>
          )}
        </div>

        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {product.brand}
          </p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
            {product.name}
          </h1>
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-stone-500">{t('product.code')}</dt>
            <dd className="font-medium text-stone-900">{variant?.code ?? product.code}</dd>
            <dt className="text-stone-500">{t('product.brand')}</dt>
            <dd className="font-medium text-stone-900">{product.brand}</dd>
            {variant ? (
              <>
                <dt className="text-stone-500">{t('product.frameColour')}</dt>
                <dd className="font-medium text-stone-900">{variant.name}</dd>
                <dt className="text-stone-500">{t('product.availability')}</dt>
                <dd className="font-medium text-stone-900">
                  {t(AVAILABILITY_KEYS[variant.availability])}
                </dd>
              </>
            ) : null}
          </dl>

          {product.variants.length > 0 ? (
            <div className="mt-6">
              <p className="text-sm font-medium text-stone-700">{t('product.variants')}</p>
              <div className="mt-2">
                <ColourSwatches
                  size="large"
                  swatches={product.variants.map((v) => ({
                    key: v.id,
                    css: v.color.css,
                    name: v.name,
                  }))}
                  selected={selected}
                  onSelect={setSelected}
                />
              </div>
            </div>
          ) : null}

          <p className="mt-8 rounded-2xl bg-brand-50 px-5 py-4 text-sm font-medium text-brand-900">
            {t('auth.priceAfterLogin')}
          </p>

          {product.description ? (
            <section className="mt-8">
              <h2 className="text-lg font-semibold text-stone-900">{t('product.description')}</h2>
              <p className="mt-2 leading-relaxed text-stone-600">{product.description}</p>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  )
}
