import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { ProductDetail } from '@optika/domain/catalogue/product-detail-api'
import type { RatingSummary } from '@optika/domain/catalogue/rating-api'
import type { Locale } from '@optika/i18n/locales'
import { Breadcrumb } from '../../../components/breadcrumb.tsx'
import { ChevronRightIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { ProductRatings } from '../product-rating/product-ratings.tsx'
import { AddToCart } from './add-to-cart.tsx'
import { DeliveryInfo, type FreeShippingProgress } from './delivery-info.tsx'
import { PriceBox } from './price-box.tsx'
import { ProductGallery } from './product-gallery.tsx'
import { ProductLinks } from './product-links.tsx'
import { SizeGuide } from './size-guide.tsx'
import { SpecTable } from './spec-table.tsx'
import { StickyAddToCart } from './sticky-add-to-cart.tsx'
import { urlWithVariant } from './variant-url.ts'

interface ProductPageProps {
  readonly detail: ProductDetail
  readonly ratings: RatingSummary
  readonly locale: Locale
  /** schema.org data, serialized by the loader; carries the CSP nonce like every script. */
  readonly jsonLd: string
  readonly nonce: string
  /** This page's path and query, for the login link's way back. */
  readonly returnTo: string
  /** The current cart's way to free shipping; null when the country has no threshold. */
  readonly freeShipping: FreeShippingProgress | null
}

/**
 * The product detail page (issue 6): the selected colour's gallery, code, availability and price;
 * colour swatches switch the variant and write it into the address (`variant`), keeping the
 * list's parameters for the back link and the breadcrumbs.
 */
export function ProductPage({
  detail,
  ratings,
  locale,
  jsonLd,
  nonce,
  returnTo,
  freeShipping,
}: ProductPageProps) {
  const { t } = useTranslation()
  const [variantId, setVariantId] = useState(detail.selectedVariantId)
  const variant = detail.variants.find((v) => v.id === variantId) ?? detail.variants[0]!
  const variantsId = useId()
  const ratingsId = useId()
  const addFormId = useId()
  const [mainButton, setMainButton] = useState<HTMLButtonElement | null>(null)
  const [added, setAdded] = useState(false)

  function selectVariant(id: number) {
    setVariantId(id)
    setAdded(false)
    // The address names the colour for sharing and reloads; the page itself does not reload.
    window.history.replaceState(window.history.state, '', urlWithVariant(window.location.href, id))
  }

  const availability = variant.availabilityText
  const orderability = variant.orderabilityText
  // Spare parts may be ordered out of stock (the cart decides); other items only when available.
  const canOrder = detail.kind === 'sparePart' || variant.orderability === 'available'

  // Only what depends on the chosen colour: brand, model, series and manufacturer are rows of
  // the specification table below, which is the page's one table of attributes.
  const facts: { label: string; value: string }[] = [
    { label: t('product.code'), value: variant.code || detail.code },
    ...(detail.variants.length > 1
      ? [{ label: t('product.frameColour'), value: variant.name }]
      : []),
  ]

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-8 sm:px-6 lg:px-8">
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <Breadcrumb locale={locale} trail={detail.categoryTrail} current={detail.name} />
      {detail.backToList ? (
        <p className="mt-3">
          <Link
            to={detail.backToList}
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-800 hover:underline"
          >
            <ChevronRightIcon className="size-3.5 rotate-180" aria-hidden="true" />
            {t('productPage.backToList')}
          </Link>
        </p>
      ) : null}

      {/* Phones read name, price and "Add to cart" first (above the fold), then the pictures;
          wide screens put the gallery on the left beside them. */}
      <div className="mt-4 grid gap-x-10 gap-y-6 md:mt-6 md:grid-cols-2 lg:gap-x-16">
        <div className="md:col-start-2 md:row-start-1">
          {detail.brand ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {detail.brand}
            </p>
          ) : null}
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-stone-900 sm:mt-2 sm:text-4xl">
            {detail.name}
          </h1>

          <PriceBox
            price={variant.price}
            pricesVisible={detail.pricesVisible}
            guestRetail={detail.guestRetailPrices}
            statuses={detail.statuses}
            returnTo={returnTo}
          />

          <AddToCart
            key={variant.id}
            sellableId={variant.id}
            rules={detail.rules}
            canOrder={canOrder}
            formId={addFormId}
            submitRef={setMainButton}
            onAdded={() => setAdded(true)}
          />
        </div>

        <div className="md:col-start-1 md:row-span-2 md:row-start-1">
          <ProductGallery
            key={variant.id}
            images={variant.images}
            productName={detail.name}
            priority={variant.id === detail.selectedVariantId}
          />
        </div>

        <div className="md:col-start-2">
          {detail.variants.length > 1 ? (
            <fieldset aria-describedby={variantsId}>
              <legend className="text-sm font-medium text-stone-700">
                {t('product.variants')}
              </legend>
              <p id={variantsId} className="sr-only">
                {variant.name}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {detail.variants.map((v) => (
                  <input
                    key={v.id}
                    type="radio"
                    name="variant"
                    value={v.id}
                    checked={v.id === variant.id}
                    onChange={() => selectVariant(v.id)}
                    aria-label={v.name}
                    title={v.name}
                    style={{ background: v.color.css }}
                    className="size-10 cursor-pointer appearance-none rounded-full border-2 border-white ring-1 ring-stone-300 hover:ring-stone-500 checked:ring-2 checked:ring-brand-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
                  />
                ))}
              </div>
            </fieldset>
          ) : null}

          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm first:mt-0">
            {facts.map((fact) => (
              <div key={fact.label} className="contents">
                <dt className="text-stone-600">{fact.label}</dt>
                <dd className="font-medium text-stone-900">{fact.value}</dd>
              </div>
            ))}
            <dt className="text-stone-600">{t('product.availability')}</dt>
            <dd className="font-medium text-stone-900" data-testid="availability">
              {availability}
              {orderability && orderability !== availability ? (
                <span className="font-normal text-stone-600"> · {orderability}</span>
              ) : null}
            </dd>
          </dl>

          <DeliveryInfo
            delivery={detail.delivery}
            outlook={variant.deliveryOutlook}
            freeShipping={freeShipping}
          />

          {detail.description ? (
            <section className="mt-8">
              <h2 className="text-lg font-semibold text-stone-900">{t('product.description')}</h2>
              <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-600">
                {detail.description}
              </p>
            </section>
          ) : null}
        </div>
      </div>

      <SpecTable rows={detail.specification} />
      {detail.frameSize ? <SizeGuide size={detail.frameSize} /> : null}

      {detail.kind === 'frame' ? (
        <ProductLinks
          title={t('productPage.spareParts')}
          products={detail.spareParts}
          signedIn={detail.pricesVisible}
          orderable
        />
      ) : null}
      <ProductLinks
        title={t('productPage.related')}
        products={detail.related}
        signedIn={detail.pricesVisible}
      />

      <section aria-labelledby={ratingsId} className="mt-14">
        <h2 id={ratingsId} className="text-xl font-semibold text-stone-900">
          {t('productPage.ratings')}
        </h2>
        <ProductRatings summary={ratings} returnTo={returnTo} />
      </section>
      <StickyAddToCart
        watched={mainButton}
        formId={addFormId}
        productName={detail.name}
        variantName={detail.variants.length > 1 ? variant.name : null}
        price={variant.price}
        canOrder={canOrder}
        added={added}
      />
    </div>
  )
}
