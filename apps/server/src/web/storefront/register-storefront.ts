import { access } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  createRequestHandler,
  RouterContextProvider,
  type RequestHandler,
  type ServerBuild,
} from 'react-router'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@optika/i18n/locales'
import { batchedReadable } from './batched-readable.ts'
import { readCookie, setCookie } from '../../platform/http/cookie-policy.ts'
import type { Database } from '../../platform/db/client.ts'
import { createCatalogueReads } from '../../catalogue/reads/catalogue-reads.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import {
  createStorefrontDictionaries,
  type StorefrontDictionary,
} from '../../platform/i18n/storefront-dictionary.ts'
import type { ProductListService } from '../../catalogue/product-list/product-list-service.ts'
import type { ProductDetailService } from '../../catalogue/product-detail/product-detail-service.ts'
import type { RatingsService } from '../../catalogue/ratings/ratings-service.ts'
import type { ForumModerationService } from '../../community/forum-moderation/forum-moderation-service.ts'
import type { CartService } from '../../commerce/cart/request-cart.ts'
import type { CheckoutService } from '../../commerce/checkout/request-checkout.ts'
import type { DocumentPagesService } from '../../cms/render/request-documents.ts'
import type { GalleriesService } from '../../community/galleries/galleries-service.ts'
import type { DealersService } from '../../community/dealers/dealers-service.ts'
import { storefrontContext, type MapTiles, type RequestStaticRoutes } from './load-context.ts'
import type { ArticlesService } from '../../community/articles/articles-service.ts'
import type { ForumService } from '../../community/forum/forum-service.ts'
import { createPageCache, sendKeptPage, type PageCache } from './page-cache.ts'
import type { SystemSettingsStore } from '../../platform/settings/system-settings-store.ts'
import {
  createWebsiteSettingsReader,
  websiteSettingsForSite,
  type WebsiteSettingsStore,
} from '../../operations/settings/website-settings-store.ts'
import { KEEP_PAGE_HEADER } from '@optika/domain/cms/document-page'
import type { ContactPagesService } from '../../community/contact/contact-pages-service.ts'
import type { StaticRoutesService } from '../../operations/site-tools/static-routes-service.ts'
import type { RedirectStore } from '../../operations/redirects/redirect-store.ts'
import { registerRedirects } from './apply-redirects.ts'
import { resolveSite } from '../../cms/sites/resolve-site.ts'
import { consentOf, type VisitorTargetingResult } from '../targeting/visitor-targeting.ts'

export interface StorefrontDeps {
  /** The storefront's React Router build directory (apps/storefront/build). */
  readonly buildDir: string
  readonly translator: Translator
  /** The storefront's texts per language (made from `translator` when not given). */
  readonly storefrontDictionary?: (locale: Locale) => StorefrontDictionary
  readonly productList: ProductListService
  readonly productDetail: ProductDetailService
  readonly ratings: RatingsService
  readonly forumModeration: ForumModerationService
  readonly cart: CartService
  readonly checkout: CheckoutService
  readonly documents: DocumentPagesService
  readonly galleries: GalleriesService
  readonly dealers: DealersService
  /** The contact form's topics (community, issue 18). */
  readonly contact: ContactPagesService
  readonly articles: ArticlesService
  readonly forum: ForumService
  /** Static routes (issue 19); without them no static route answers. */
  readonly staticRoutes?: StaticRoutesService
  /** The shop's public origin, for canonical and hreflang URLs. */
  readonly publicUrl: string
  /** The dealer map's tile server (MAP_TILE_URL); null = the shop's own offline outlines. */
  readonly mapTiles: MapTiles | null
  /** Asked when a page fails: a page that failed because the database is away answers 503. */
  readonly database: Pick<Database, 'ping'>
  /** The SEO redirects, applied before any page route (decision 054). */
  readonly redirects?: RedirectStore
  /** The kept document pages; the app passes its own so the back office can measure and clear it. */
  readonly pageCache?: PageCache
  /** The enabled languages and the default one, the shop's contact (issue 19). */
  readonly systemSettings?: SystemSettingsStore
  /** Website settings for pages (issue 19). */
  readonly websiteSettings?: WebsiteSettingsStore
  /** Personalization (issue 20): the visitor's target groups, consent and a rule's redirect. */
  readonly targeting?: (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ) => Promise<VisitorTargetingResult>
}

/** First path segments that belong to the JSON API, the back office and pictures, never to pages. */
const NOT_PAGES = new Set(['api', 'admin', 'media'])
const ONE_YEAR_S = 365 * 24 * 60 * 60

/**
 * Serves the storefront: its built files, and every other page path rendered by React Router
 * with the server's services in the load context. `/` goes to the visitor's language.
 */
export async function registerStorefront(
  app: FastifyInstance,
  deps: StorefrontDeps,
): Promise<void> {
  const buildDir = resolve(deps.buildDir)
  const clientDir = join(buildDir, 'client')
  const serverBuildPath = join(buildDir, 'server', 'index.js')

  // Its own plugin, so the raw body parser below applies to pages only, not to the JSON API.
  await app.register(async (scope) => {
    if (deps.redirects) registerRedirects(scope, deps.redirects)
    // Vite puts a content hash in every file name under assets/: a URL never changes content.
    await scope.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: ONE_YEAR_S * 1000,
      index: false,
      suppressWarning: true,
    })
    // The favicon and other public files, one route each (the build's manifest stays private).
    await scope.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      globIgnore: ['assets/**', '.vite/**'],
      suppressWarning: true,
    })

    scope.removeAllContentTypeParsers()
    // Actions read the body themselves (form data, JSON); Fastify still enforces its size limit.
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )

    const pageCache = deps.pageCache ?? createPageCache()
    const storefrontDictionary =
      deps.storefrontDictionary ?? createStorefrontDictionaries(deps.translator)
    const noWebsiteSettings = createWebsiteSettingsReader([])
    /** The website settings as the request's site (by its host) sees them. */
    async function websiteSettingsFor(request: FastifyRequest) {
      const reader = (await deps.websiteSettings?.load().catch(() => null)) ?? noWebsiteSettings
      const site = await resolveSite(request.ctx.db, request.host).catch(() => null)
      return site ? websiteSettingsForSite(reader, site.id) : reader
    }
    async function enabledLanguages() {
      const settings = await deps.systemSettings?.fresh().catch(() => null)
      return {
        enabled: settings?.enabledLanguages ?? [...LOCALES],
        defaultLanguage: settings?.defaultLanguage ?? DEFAULT_LOCALE,
      }
    }
    let handler: RequestHandler | undefined
    async function loadHandler(): Promise<RequestHandler | undefined> {
      if (handler) return handler
      // Built after the server started? Pick it up on the next request.
      if (!(await exists(serverBuildPath))) return undefined
      const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild
      handler = createRequestHandler(build, 'production')
      return handler
    }
    if (!(await exists(serverBuildPath))) {
      scope.log.warn(
        `The storefront is not built (${serverBuildPath} is missing): run \`npm run build\`.`,
      )
    }

    // `/` and the seed's language-less cart paths go to the visitor's language (decision 018).
    for (const path of ['/', '/cart', '/cart/shipping-payment', '/cart/confirm']) {
      scope.get(path, async (request, reply) => {
        const cookie = readCookie(request, 'locale')
        const { enabled, defaultLanguage } = await enabledLanguages()
        const locale: Locale =
          isLocale(cookie) && enabled.includes(cookie) ? cookie : defaultLanguage
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'cookie')
          .redirect(path === '/' ? `/${locale}` : `/${locale}${path}`, 302)
      })
    }

    scope.route({
      method: ['GET', 'POST'],
      url: '/*',
      // A forum post sent without scripts carries its pictures (3 × 5 MB) to the page's action.
      bodyLimit: 16 * 1024 * 1024,
      handler: async (request, reply) => {
        const firstSegment = pageSegment(request.url)
        if (NOT_PAGES.has(firstSegment)) return reply.callNotFound()
        const render = await loadHandler()
        if (!render) {
          return reply.code(503).header('cache-control', 'no-store').send({
            code: 'STOREFRONT_NOT_BUILT',
            message:
              'The storefront is not built. Run `npm run build` (or `npm run build -w @optika/storefront`) and reload.',
          })
        }
        // A language switched off in the system settings has no pages: its addresses go to the
        // default language's (302, it may be switched on again).
        const languages = await enabledLanguages()
        if (isLocale(firstSegment) && !languages.enabled.includes(firstSegment)) {
          const rest = request.url.slice(1 + firstSegment.length)
          return reply
            .header('cache-control', 'no-store')
            .redirect(`/${languages.defaultLanguage}${rest.startsWith('.') ? '' : rest}`, 302)
        }
        // The page's language is remembered, so the JSON API answers in it too.
        if (isLocale(firstSegment) && readCookie(request, 'locale') !== firstSegment) {
          setCookie(reply, 'locale', firstSegment, { maxAgeSeconds: ONE_YEAR_S })
        }
        // A page's language is its URL's, also for the services bound below (cart texts).
        if (isLocale(firstSegment)) request.ctx = { ...request.ctx, locale: firstSegment }
        // Personalization (decision 067): the target groups vary the kept page, and a matching
        // rule may send a page request elsewhere (never a data request of a client navigation).
        const pagePath = request.url.split('?', 1)[0] ?? '/'
        const targeting = deps.targeting
          ? await deps.targeting(request, reply, pagePath).catch((error: unknown) => {
              request.log.warn({ err: error }, 'targeting failed')
              return null
            })
          : null
        if (targeting?.redirect && request.method === 'GET' && !pagePath.endsWith('.data')) {
          return reply.header('cache-control', 'no-store').redirect(targeting.redirect, 302)
        }
        const pageKey = pageCache.keyOf(request)
        const keepKey =
          pageKey && targeting?.targetGroupIds.length
            ? `${pageKey}|tg=${targeting.targetGroupIds.join(',')}`
            : pageKey
        // Without the database the page is drawn (and says so) as if nothing were kept.
        const kept = keepKey
          ? await pageCache.read(request.ctx.db, keepKey).catch(() => null)
          : null
        if (kept && 'page' in kept) return sendKeptPage(request, reply, kept.page)
        const context = new RouterContextProvider()
        context.set(storefrontContext, {
          catalogue: createCatalogueReads(request.ctx.db),
          translator: deps.translator,
          storefrontDictionary,
          productList: deps.productList,
          productDetail: deps.productDetail,
          ratings: deps.ratings,
          forumModeration: deps.forumModeration,
          cart: deps.cart.forRequest(request, reply),
          checkout: deps.checkout.forRequest(request, reply),
          documents: deps.documents.forRequest(request, {
            targetGroupIds: targeting?.targetGroupIds ?? [],
          }),
          targeting: {
            targetGroupIds: targeting?.targetGroupIds ?? [],
            consent: targeting ? targeting.consent : consentOf(request),
          },
          galleries: deps.galleries.forRequest(request),
          dealers: deps.dealers,
          contact: deps.contact,
          articles: deps.articles.forRequest(request),
          forum: deps.forum,
          staticRoutes: requestStaticRoutes(deps.staticRoutes, request),
          viewer: request.viewer,
          cspNonce: request.cspNonce,
          publicUrl: deps.publicUrl,
          mapTiles: deps.mapTiles,
          site: {
            languages: languages.enabled,
            defaultLanguage: languages.defaultLanguage,
            settings: await websiteSettingsFor(request),
          },
          ctx: request.ctx,
          log: request.log,
        })
        const controller = new AbortController()
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) controller.abort()
        })
        const response = await render(toWebRequest(request, controller.signal), context)
        // Loaders' failures become the error page (a 500) inside React Router. When the database
        // is away, say 503 as the API does, so proxies and crawlers come back instead.
        if (response.status >= 500 && !(await isReachable(deps.database))) {
          return sendWebResponse(reply, response, {
            status: 503,
            headers: { 'retry-after': '5', 'cache-control': 'no-store' },
          })
        }
        if (response.headers.has(KEEP_PAGE_HEADER)) {
          response.headers.delete(KEEP_PAGE_HEADER)
          const setsCookies = response.headers.getSetCookie().length > 0
          if (keepKey && kept && 'stamp' in kept && response.status === 200 && !setsCookies) {
            const page = { headers: [...response.headers], body: await response.text() }
            const keptPage = pageCache.keep(keepKey, kept.stamp, page, request.cspNonce)
            return sendKeptPage(request, reply, keptPage)
          }
        }
        return sendWebResponse(reply, response)
      },
    })
  })
}

/** Static routes bound to a request: its database, method and host (the site). */
function requestStaticRoutes(
  service: StaticRoutesService | undefined,
  request: FastifyRequest,
): RequestStaticRoutes {
  const host = request.host.toLowerCase().replace(/:\d+$/, '')
  return {
    resolve: async (path) =>
      service ? service.resolve(request.ctx.db, { path, method: request.method, host }) : null,
    reverse: async (name, values) =>
      service ? service.reverse(request.ctx.db, name, values) : null,
  }
}

/** The first segment of a request path, without a single-fetch `.data` suffix ("/cs.data" → "cs"). */
function pageSegment(url: string): string {
  const path = url.split('?', 1)[0] ?? ''
  return (path.split('/')[1] ?? '').replace(/\.data$/, '')
}

async function isReachable(database: Pick<Database, 'ping'>): Promise<boolean> {
  try {
    await database.ping()
    return true
  } catch {
    return false
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

/** The Fastify request as a Web Request for React Router, cancelled when the client goes away. */
function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body)
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: request.body as Buffer } : {}),
  })
}

/**
 * Copies React Router's Response to the reply: status, each header (every cookie on its own), body;
 * `override` replaces the status and sets headers over the page's.
 */
function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  override?: { readonly status: number; readonly headers: Record<string, string> },
): FastifyReply {
  reply.code(override?.status ?? response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    reply.header(name, value)
  }
  if (override) reply.headers(override.headers)
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  if (!response.body) return reply.send()
  return reply.send(batchedReadable(response.body))
}
