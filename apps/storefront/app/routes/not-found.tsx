import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { NotFoundPage } from '../components/not-found-page.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { metaTags } from '../page-meta.ts'

/** Any address no page answers: the not-found page, with status 404, in the visitor's language. */
export function loader({ context }: Route.LoaderArgs) {
  const { translator, ctx } = getStorefront(context)
  const locale = ctx.locale
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
