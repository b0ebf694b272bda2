import { data, redirect } from 'react-router'
import { KEEP_PAGE_HEADER } from '@optika/domain/cms/document-page'
import type { Route } from './+types/document'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { DocumentContent } from '../features/documents/document-content.tsx'
import { ContactTopicsProvider } from '../features/documents/bricks/contact-topics-context.tsx'
import { DocumentNavigation } from '../features/document-pages/document-navigation.tsx'
import { PreviewBanner } from '../features/document-pages/preview-banner.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'
import { throwNotFound } from '../route-responses.ts'
import {
  addressOf,
  loadStaticRoute,
  loadStaticRouteOrNotFound,
} from '../features/static-routes/static-route-page.server.ts'
import { isLocale } from '@optika/i18n/locales'
import { StaticListing } from '../features/static-routes/static-listing.tsx'

/**
 * Any other address under a language: the document at that path (issue 17). Visitors see
 * published pages; an editor's `?preview=1` shows the draft, never cached or indexed. Link
 * documents redirect; an address without a document is the not-found page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Two segments or more without a language: only a static route may answer (issue 19).
  if (!isLocale(params.locale)) {
    const rest = (params['*'] ?? '').split('/').filter((s) => s !== '')
    return data(await loadStaticRouteOrNotFound(context, [params.locale ?? '', ...rest]))
  }
  const locale = requireLocale(params.locale)
  const { documents, translator, contact } = getStorefront(context)
  const url = new URL(request.url)
  // The path from the route's parameters (decoded): the request's URL of a navigation in the
  // browser is the page's data URL (`/cs/terms.data`), not the page's.
  let result = await documents.loadPage({
    path: `/${locale}/${params['*'] ?? ''}`,
    locale,
    preview: url.searchParams.get('preview') === '1',
  })
  // No document here: a static route may answer the address (issue 19), before the error page.
  if (result.kind === 'not-found') {
    const segments = [locale, ...(params['*'] ?? '').split('/').filter((s) => s !== '')]
    const routed = await loadStaticRoute(context, addressOf(segments), locale)
    if (routed?.kind === 'staticListing') return data(routed)
    if (routed?.kind === 'document') {
      const target = await documents.loadPage({ path: routed.path, locale, preview: false })
      if (target.kind === 'page') result = target
    }
  }
  if (result.kind === 'redirect') {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
    throw redirect(result.location, result.status)
  }
  if (result.kind === 'not-found' && !result.errorPage) return throwNotFound()
  const found = result.kind === 'page' ? result.page : result.errorPage!
  // The contact-form brick's topics, drawn with the page so the form works without JavaScript.
  const contactTopics = await contact.topics(locale)
  // The stored editables stay on the server: the page draws the resolved content.
  const { editables: _stored, ...page } = found
  const headers: Record<string, string> = page.preview
    ? { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' }
    : result.kind === 'page'
      ? { [KEEP_PAGE_HEADER]: '1' }
      : {}
  return data(
    {
      page,
      contactTopics,
      alternates: page.alternates,
      meta: {
        title: translator.t(locale, 'shop.meta.title', { title: page.meta.title }),
        description: page.meta.description,
        canonical: page.meta.canonical,
        noindex: page.meta.noindex || result.kind !== 'page',
      },
    },
    // A site's error page keeps the not-found status.
    { headers, status: result.kind === 'page' ? 200 : 404 },
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** Templates whose hero carries the page's h1 (drawn full width by DocumentContent). */
const HERO_TEMPLATES = new Set(['landing', 'home'])

export default function DocumentRoute({ loaderData }: Route.ComponentProps) {
  if ('kind' in loaderData) return <StaticListing listing={loaderData} />
  return <DocumentPageView {...loaderData} />
}

function DocumentPageView({
  page,
  contactTopics,
}: Exclude<Route.ComponentProps['loaderData'], { kind: 'staticListing' }>) {
  const { locale } = useTranslation()
  const breadcrumb = (
    <Breadcrumb
      locale={locale}
      trail={page.breadcrumbs.map((b) => ({ name: b.title, url: b.href }))}
      current={page.heading}
    />
  )
  const navigation = <DocumentNavigation navigation={page.navigation} subpages={page.children} />
  if (HERO_TEMPLATES.has(page.template)) {
    return (
      <ContactTopicsProvider topics={contactTopics}>
        <article>
          <div className="mx-auto max-w-7xl px-4 pt-6 pb-4 sm:px-6 lg:px-8">
            {page.preview ? <PreviewBanner /> : null}
            {breadcrumb}
          </div>
          <DocumentContent content={page.content} documentId={page.id} title={page.heading} />
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{navigation}</div>
        </article>
      </ContactTopicsProvider>
    )
  }
  return (
    <ContactTopicsProvider topics={contactTopics}>
      <article className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
        {page.preview ? <PreviewBanner /> : null}
        {breadcrumb}
        <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <div className="min-w-0">
            <h1 className="text-3xl font-semibold tracking-tight text-balance break-words text-stone-900 sm:text-4xl">
              {page.heading}
            </h1>
            <div className="mt-8">
              <DocumentContent
                content={page.content}
                documentId={page.id}
                title={page.heading}
                embedded
              />
            </div>
          </div>
          {navigation}
        </div>
      </article>
    </ContactTopicsProvider>
  )
}
