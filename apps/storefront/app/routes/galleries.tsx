import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/galleries'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { GalleryList } from '../features/galleries/gallery-list.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'

/** The published galleries, newest first (issue 18). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { galleries, translator, publicUrl } = getStorefront(context)
  const { galleries: list } = await galleries.list(locale)
  const alternates = inEveryLocale((l) => generateUrl('galleries', { locale: l }))
  return {
    galleries: list,
    alternates,
    meta: {
      title: translator.t(locale, 'shop.meta.title', {
        title: translator.t(locale, 'page.galleries'),
      }),
      description: translator.t(locale, 'galleries.list.intro'),
      canonical: `${publicUrl}${alternates[locale]}`,
      defaultAlternate: `${publicUrl}${alternates[DEFAULT_LOCALE]}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Galleries({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb locale={locale} trail={[]} current={t('page.galleries')} />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {t('page.galleries')}
      </h1>
      <p className="mt-2 max-w-2xl text-stone-600">{t('galleries.list.intro')}</p>
      <div className="mt-8">
        <GalleryList galleries={loaderData.galleries} />
      </div>
    </div>
  )
}
