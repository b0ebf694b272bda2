import type { Route } from './+types/product'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import { ProductPage } from '../features/catalogue/product-page/product-page.tsx'
import { productJsonLd, scriptJson } from '../features/catalogue/product-page/json-ld.ts'
import { getStorefront } from '../get-storefront.server.ts'
import { metaTags } from '../page-meta.ts'
import { toJsonText, useJsonText } from '../json-text.ts'
import { requireId, requireLocale } from '../route-params.ts'
import { throwMovedTo, throwNotFound } from '../route-responses.ts'

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= DESCRIPTION_LENGTH) return flat
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2))}…`
}

/** The page address's query without the router's own parameters. */
function pageSearch(url: URL): string {
  const search = new URLSearchParams(url.searchParams)
  search.delete('_routes')
  const text = search.toString()
  return text ? `?${text}` : ''
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  const { productDetail, ratings, cart, translator, publicUrl, viewer, cspNonce } =
    getStorefront(context)
  const [detail, summary, currentCart] = await Promise.all([
    productDetail.get(locale, id, viewer, url.searchParams),
    ratings.summary(id, viewer),
    cart.get(),
  ])
  if (!detail) throwNotFound()
  const search = pageSearch(url)
  // An old or mistyped slug finds the product at its one canonical address, with the list's query.
  if (url.pathname !== detail.url) throwMovedTo(`${detail.url}${search}`)

  const variant =
    detail.variants.find((v) => v.id === detail.selectedVariantId) ?? detail.variants[0]
  if (!variant) throwNotFound()
  const home = {
    name: translator.t(locale, 'shop.breadcrumb.home'),
    url: generateUrl('home', { locale }),
  }
  const description =
    shorten(detail.description) || [detail.brand, detail.name].filter(Boolean).join(' ')

  // The cart's own arithmetic (net items against the country's threshold), in its currency,
  // which is the page's too (one currency per visitor, decision 024).
  const freeShipping =
    currentCart.freeShippingRemaining === null ||
    currentCart.freeShippingThreshold >= Number.MAX_SAFE_INTEGER
      ? null
      : {
          remaining: currentCart.freeShippingRemaining,
          currency: currentCart.currency,
          hasItems: currentCart.items.length > 0,
        }

  return {
    detail: toJsonText(detail),
    freeShipping,
    ratings: summary,
    jsonLd: scriptJson(productJsonLd(detail, variant, publicUrl, home)),
    nonce: cspNonce,
    returnTo: `${url.pathname}${search}`,
    alternates: detail.urls,
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: detail.name }),
      description,
      // Colours and the list's filters are one page for search engines.
      canonical: `${publicUrl}${detail.url}`,
      defaultAlternate: `${publicUrl}${detail.urls[DEFAULT_LOCALE]}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Product({ loaderData, params }: Route.ComponentProps) {
  const { ratings, jsonLd, nonce, returnTo, freeShipping } = loaderData
  const detail = useJsonText(loaderData.detail)
  return (
    <ProductPage
      key={detail.id}
      detail={detail}
      ratings={ratings}
      locale={requireLocale(params.locale)}
      jsonLd={jsonLd}
      nonce={nonce}
      returnTo={returnTo}
      freeShipping={freeShipping}
    />
  )
}
