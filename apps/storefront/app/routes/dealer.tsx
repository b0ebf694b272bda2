import { data, Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { DealerRefSchema } from '@optika/domain/community/dealer-api'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/dealer'
import { StatusMessage } from '../components/status-message.tsx'
import { DealerDetail } from '../features/dealers/dealer-detail.tsx'
import { dealerJsonLd } from '../features/dealers/dealer-json-ld.ts'
import { useMapTiles } from '../features/dealers/use-map-tiles.ts'
import { scriptJson } from '../features/catalogue/product-page/json-ld.ts'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'
import { throwMovedTo } from '../route-responses.ts'

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { dealers, translator, publicUrl, cspNonce } = getStorefront(context)
  const ref = DealerRefSchema.safeParse(params.ref)
  const dealer = ref.success ? await dealers.detail(ref.data, locale) : null
  if (!dealer) {
    return data(
      {
        dealer: null,
        jsonLd: '',
        nonce: cspNonce,
        alternates: null,
        meta: {
          title: translator.t(locale, 'shop.meta.title', {
            title: translator.t(locale, 'dealer.notFound'),
          }),
          noindex: true,
        },
      },
      { status: 404 },
    )
  }
  const url = (l: string) =>
    generateUrl('dealer', { locale: l, ref: dealer.ref, slug: dealer.slug })
  // An old or mistyped slug (the dealer was renamed) finds the dealer at its one address.
  if (params.slug !== dealer.slug) throwMovedTo(url(locale))
  const pageUrl = `${publicUrl}${url(locale)}`
  const place = [dealer.city, dealer.street].filter(Boolean).join(', ')
  const description = (
    dealer.description.replace(/\s+/g, ' ').trim() ||
    translator.t(locale, 'dealerMap.detail.metaDescription', { name: dealer.name, place })
  ).slice(0, DESCRIPTION_LENGTH)
  return {
    dealer,
    jsonLd: scriptJson(dealerJsonLd(dealer, pageUrl)),
    nonce: cspNonce,
    alternates: inEveryLocale(url),
    meta: {
      title: translator.t(locale, 'shop.meta.title', {
        title: translator.t(locale, 'dealerMap.detail.title', {
          name: dealer.name,
          city: dealer.city,
        }),
      }),
      description,
      canonical: pageUrl,
      defaultAlternate: `${publicUrl}${url(DEFAULT_LOCALE)}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function DealerPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = requireLocale(params.locale)
  const { dealer, jsonLd, nonce } = loaderData
  const tiles = useMapTiles()
  if (!dealer) {
    return (
      <StatusMessage
        title={t('dealer.notFound')}
        text={t('dealerMap.detail.notFoundText')}
        code="404"
      >
        <Link
          to={generateUrl('dealers', { locale })}
          className="inline-flex h-11 items-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('dealerMap.detail.backToMap')}
        </Link>
      </StatusMessage>
    )
  }
  return (
    <>
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <DealerDetail dealer={dealer} tiles={tiles} locale={locale} />
    </>
  )
}
