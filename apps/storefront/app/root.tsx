import { useEffect, type ReactNode } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@optika/i18n/locales'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { ErrorPage } from './components/error-page.tsx'
import { InlineStylesheet } from './components/inline-stylesheet.tsx'
import { NotFoundPage } from './components/not-found-page.tsx'
import { RouteFocus } from './components/route-focus.tsx'
import { SiteFooter, type FooterLinks } from './components/site-footer.tsx'
import { SiteHeader, type HeaderAccount } from './components/site-header.tsx'
import { SkipLink } from './components/skip-link.tsx'
import { getStorefront } from './get-storefront.server.ts'
import { dictionaryOf, registerDictionary } from './i18n/dictionary.ts'
import { DictionaryScript } from './i18n/dictionary-script.tsx'
import { I18nProvider } from './i18n/i18n-provider.tsx'
import { loadDictionary } from './i18n/load-dictionary.ts'
import { swapLocaleInPath } from './i18n/swap-locale-in-path.ts'
import { translateText } from './i18n/translate-text.ts'
import { inEveryLocale } from './i18n/in-every-locale.ts'
import { generateUrl } from '@optika/domain/routing/routes'
import { pageViewOf, viewportContent, type PageView } from '@optika/domain/community/page-view'
import type { MapTiles } from './features/dealers/map-types.ts'
import { ConsentBanner, ConsentSettings } from './features/targeting/consent-banner.tsx'
import type { ConsentChoice } from '@optika/domain/operations/targeting'

/** What every page gets from the root: its language, that language's texts, the public origin. */
interface RootData {
  readonly locale: Locale
  /**
   * The version of that language's texts (`dictionaryOf`). The texts themselves come as a script
   * the browser keeps (decision 070), not with every page's data.
   */
  readonly dictionaryVersion: string
  readonly publicUrl: string
  /** The signed-in customer the header names; null for anonymous visitors. */
  readonly account: HeaderAccount | null
  /** The footer's links per language, from the navigation snippets (issue 17). */
  readonly footerLinks: FooterLinks
  /** The layout this device asked for with the mobile-view toggle (its cookie). */
  readonly view: PageView
  /** The dealer map's tile server (MAP_TILE_URL); null = offline outlines (issue 18). */
  readonly mapTiles: MapTiles | null
  /** The languages switched on in the system settings (issue 19). */
  readonly languages: readonly Locale[]
  /** Website settings shown above the header, per language (a language switch keeps the root data). */
  readonly headerPhone: Partial<Record<Locale, string>>
  readonly headerNotice: Partial<Record<Locale, string>>
  /** The personalization consent choice (issue 20); null: not asked yet, the banner shows. */
  readonly consent: ConsentChoice | null
}

export function links(): Route.LinkDescriptors {
  return [
    // Built pages carry the stylesheet inline (InlineStylesheet); the dev server keeps the link
    // so that style changes apply without a reload.
    ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ]
}

/**
 * The page's language is its URL's; an address without one (a not-found page) uses the
 * visitor's remembered language, which the server resolved into the request context.
 */
export async function loader({ params, context, request }: Route.LoaderArgs): Promise<RootData> {
  const {
    storefrontDictionary,
    publicUrl,
    ctx,
    viewer,
    documents,
    log,
    mapTiles,
    site,
    targeting,
  } = getStorefront(context)
  const locale = isLocale(params.locale) ? params.locale : ctx.locale
  const account =
    viewer.customerId === null ? null : { displayName: viewer.displayName, kind: viewer.kind }
  // The page around the footer still renders (its error page too) when the links cannot be read.
  const footerLinks = await documents.loadFooterLinks().catch((error: unknown) => {
    log.warn({ err: error }, 'footer links unavailable')
    return {}
  })
  const dictionary = storefrontDictionary(locale)
  registerDictionary(locale, dictionary.version, dictionary.texts)
  return {
    locale,
    dictionaryVersion: dictionary.version,
    publicUrl,
    account,
    footerLinks,
    view: pageViewOf(request.headers.get('cookie')),
    mapTiles,
    languages: site.languages,
    headerPhone: inEveryLocale((language) => site.settings.text('headerPhone', { language })),
    headerNotice: inEveryLocale((language) => site.settings.text('headerNotice', { language })),
    consent: targeting?.consent ?? null,
  }
}

/** The root data the browser shows now; a language switch starts from it. */
let shown: RootData | undefined

/**
 * In the browser, switching language loads the new dictionary from the translations API (the
 * seed's loader: on failure the old dictionary stays). Other navigations keep the root data.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<RootData> {
  if (!shown) throw new Error('The root data is read before the page was hydrated')
  const locale = isLocale(params.locale) ? params.locale : shown.locale
  if (locale === shown.locale) return shown
  // A failed load keeps the shown texts (the seed's loader).
  const dictionary = await loadDictionary(
    locale,
    dictionaryOf(shown.locale, shown.dictionaryVersion),
  )
  registerDictionary(locale, 'loaded', dictionary)
  return { ...shown, locale, dictionaryVersion: 'loaded' }
}

export function shouldRevalidate({
  currentParams,
  nextParams,
}: ShouldRevalidateFunctionArgs): boolean {
  return currentParams.locale !== nextParams.locale
}

/** Only shown when the root's error boundary renders; pages set their own tags. */
export function meta({ error, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const dictionary = dictionaryOf(
    loaderData?.locale ?? DEFAULT_LOCALE,
    loaderData?.dictionaryVersion,
  )
  const title = translateText(dictionary, notFound ? 'shop.notFound.title' : 'shop.error.title')
  return [
    { title: translateText(dictionary, 'shop.meta.title', { title }) },
    { name: 'robots', content: 'noindex' },
  ]
}

/** A page names itself in the languages it exists in (a document may lack some translations). */
function hasAlternates(data: unknown): data is { alternates: Partial<Record<Locale, string>> } {
  return typeof data === 'object' && data !== null && 'alternates' in data
}

/** The document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const locale = data?.locale ?? DEFAULT_LOCALE
  // Without root data (its loader failed) every text shows as its key.
  const dictionary = dictionaryOf(locale, data?.dictionaryVersion)
  const view = data?.view ?? 'mobile'
  const location = useLocation()
  const matches = useMatches()

  useEffect(() => {
    if (data) shown = data
  }, [data])

  // A page names itself in every language; a failed page is the same path in another language.
  const pageAlternates = matches
    .map((match) => match.loaderData)
    .findLast(hasAlternates)?.alternates
  // A language the page has no translation in switches to that language's home page.
  const alternates = pageAlternates
    ? { ...inEveryLocale((l) => generateUrl('home', { locale: l })), ...pageAlternates }
    : swapLocaleInPath(location.pathname)

  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content={viewportContent(view)} />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        {import.meta.env.DEV ? null : <InlineStylesheet />}
        <Links />
        {pageAlternates && data
          ? LOCALES.flatMap((l) => {
              // A language switched off in the system settings has no page to name.
              if (!data.languages.includes(l)) return []
              const path = pageAlternates[l]
              return path
                ? [<link key={l} rel="alternate" hrefLang={l} href={`${data.publicUrl}${path}`} />]
                : []
            })
          : null}
      </head>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-stone-900 antialiased">
        <I18nProvider locale={locale} dictionary={dictionary}>
          <SkipLink />
          {data && data.consent === null ? <ConsentBanner locale={locale} /> : null}
          <SiteHeader
            locale={locale}
            alternates={alternates}
            cartCount={0}
            account={data?.account ?? null}
            languages={data?.languages}
            phone={data?.headerPhone[locale]}
            notice={data?.headerNotice[locale]}
          />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter locale={locale} links={data?.footerLinks[locale] ?? null} view={view} />
          {data?.consent ? <ConsentSettings consent={data.consent} /> : null}
          <RouteFocus />
        </I18nProvider>
        <ScrollRestoration />
        {data ? <DictionaryScript locale={data.locale} version={data.dictionaryVersion} /> : null}
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** Unknown pages and ids get the translated not-found page; anything else a message, never a stack. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
}
