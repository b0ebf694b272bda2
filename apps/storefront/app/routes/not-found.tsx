import { data } from 'react-router'
import { isLocale } from '@optika/i18n/locales'
import type { Route } from './+types/not-found'
import { NotFoundPage } from '../components/not-found-page.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { metaTags } from '../page-meta.ts'

/** Any address no page answers: the not-found page, with status 404, in the address's language. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { translator, ctx } = getStorefront(context)
  const locale = isLocale(params.locale) ? params.locale : ctx.locale
  const title = translator.t(locale, 'shop.notFound.title')
  return data(
    { meta: { title: translator.t(locale, 'shop.meta.title', { title }), noindex: true } },
    { status: 404 },
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function NotFound() {
  return <NotFoundPage />
}
