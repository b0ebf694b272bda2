import { data } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import {
  DealerSearchQuerySchema,
  type DealerSearchAnswer,
} from '@optika/domain/community/dealer-api'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/dealers'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { DealerFinder, type DealerFinderSearch } from '../features/dealers/dealer-finder.tsx'
import { readDealerSearch } from '../features/dealers/dealer-search-params.ts'
import { useMapTiles } from '../features/dealers/use-map-tiles.ts'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'

/** A refusal of the dealer search (AppError 4xx: the address is unknown, a filter is bad). */
function refusalKey(error: unknown): string | null {
  if (!(error instanceof Error) || !('statusCode' in error) || !('key' in error)) return null
  const { statusCode, key } = error
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500
    ? String(key)
    : null
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { dealers, translator, publicUrl } = getStorefront(context)
  const input = readDealerSearch(url.searchParams)
  // An address typed over a position found earlier replaces it (the form without JavaScript sends both).
  if (input.q?.trim()) {
    delete input.lat
    delete input.lng
  }
  const parsed = DealerSearchQuerySchema.safeParse(input)
  let answer: DealerSearchAnswer | null = null
  let problemKey: string | null = null
  if (parsed.success) {
    try {
      answer = await dealers.search(parsed.data, locale)
    } catch (error) {
      problemKey = refusalKey(error)
      if (!problemKey) throw error
    }
  } else {
    problemKey = parsed.error.issues[0]?.message ?? 'dealer.badFilter'
  }
  const search: DealerFinderSearch = parsed.success
    ? {
        q: parsed.data.q,
        lat: parsed.data.lat,
        lng: parsed.data.lng,
        brandIds: parsed.data.brands === '' ? [] : parsed.data.brands.split('_').map(Number),
        services: parsed.data.services,
      }
    : { q: (input.q ?? '').slice(0, 100), brandIds: [], services: [] }
  const title = translator.t(locale, 'dealerMap.title')
  const searched = [...url.searchParams.keys()].some((key) => key !== '_routes')
  return data(
    {
      search,
      answer,
      problem: problemKey ? translator.t(locale, problemKey) : null,
      alternates: inEveryLocale((l) => generateUrl('dealers', { locale: l })),
      meta: {
        title: translator.t(locale, 'shop.meta.title', { title }),
        description: translator.t(locale, 'dealerMap.description'),
        canonical: `${publicUrl}${generateUrl('dealers', { locale })}`,
        defaultAlternate: `${publicUrl}${generateUrl('dealers', { locale: DEFAULT_LOCALE })}`,
        // Every search is the one page for search engines.
        noindex: searched,
      },
    },
    { status: problemKey === 'error.addressNotFound' ? 404 : problemKey ? 400 : 200 },
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Dealers({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = requireLocale(params.locale)
  const { search, answer, problem } = loaderData
  const tiles = useMapTiles()
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb locale={locale} trail={[]} current={t('dealerMap.title')} />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {t('dealerMap.title')}
      </h1>
      <p className="mt-2 max-w-3xl text-stone-700">{t('dealerMap.intro')}</p>
      <DealerFinder search={search} answer={answer} problem={problem} tiles={tiles} />
      <p className="mt-10 text-xs text-stone-500">{t('dealerMap.dataNotice')}</p>
    </div>
  )
}
