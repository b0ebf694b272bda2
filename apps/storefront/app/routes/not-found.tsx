import { data, redirect } from 'react-router'
import type { Route } from './+types/not-found'
import { NotFoundPage } from '../components/not-found-page.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { metaTags } from '../page-meta.ts'
import { addressOf, loadStaticRoute } from '../features/static-routes/static-route-page.server.ts'
import { StaticListing } from '../features/static-routes/static-listing.tsx'

/**
 * Any address no page answers: a static route's page when one answers it (issue 19), else the
 * not-found page, with status 404, in the visitor's language.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { translator, ctx } = getStorefront(context)
  const locale = ctx.locale
  const segments = (params['*'] ?? '').split('/').filter((s) => s !== '')
  const routed = await loadStaticRoute(context, addressOf(segments), locale)
  if (routed?.kind === 'staticListing') return data(routed)
  // A document is drawn under a language's addresses; from here, the visitor goes to it.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
  if (routed?.kind === 'document') throw redirect(routed.path, 302)
  // Without a route, the not-found page below.
  const title = translator.t(locale, 'shop.notFound.title')
  return data(
    {
      kind: 'notFound' as const,
      meta: { title: translator.t(locale, 'shop.meta.title', { title }), noindex: true },
    },
    { status: 404 },
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'staticListing') return <StaticListing listing={loaderData} />
  return <NotFoundPage />
}
