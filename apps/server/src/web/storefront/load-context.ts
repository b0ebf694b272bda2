// The request context reads cookies; this brings @fastify/cookie's types wherever this file is
// type-checked, including from the storefront.
import type {} from '@fastify/cookie'
import type { VisitorTargeting } from '@optika/domain/operations/targeting'
import type { FastifyBaseLogger } from 'fastify'
import { createContext } from 'react-router'
import type { RequestContext } from '../../platform/http/request-context.ts'
import type { Viewer } from '@optika/domain/accounts/viewer'
import type { CatalogueReads } from '../../catalogue/reads/catalogue-reads.ts'
import type { ProductListService } from '../../catalogue/product-list/product-list-service.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { StorefrontDictionary } from '../../platform/i18n/storefront-dictionary.ts'
import type { ProductDetailService } from '../../catalogue/product-detail/product-detail-service.ts'
import type { RatingsService } from '../../catalogue/ratings/ratings-service.ts'
import type { RequestCart } from '../../commerce/cart/request-cart.ts'
import type { RequestCheckout } from '../../commerce/checkout/request-checkout.ts'
import type { RequestDocuments } from '../../cms/render/request-documents.ts'
import type { RequestGalleries } from '../../community/galleries/galleries-service.ts'
import type { DealersService } from '../../community/dealers/dealers-service.ts'
import type { ContactPagesService } from '../../community/contact/contact-pages-service.ts'

/** A tile server for the dealer map: a URL template with {z}/{x}/{y} and its attribution. */
export interface MapTiles {
  readonly url: string
  readonly attribution: string
}
import type { RequestArticles } from '../../community/articles/articles-service.ts'
import type { ForumService } from '../../community/forum/forum-service.ts'
import type { Locale } from '@optika/i18n/locales'
import type { WebsiteSettingsReader } from '../../operations/settings/website-settings-store.ts'

/** The shop's enabled languages and its website settings, as this request sees them (issue 19). */
export interface SiteSettings {
  /** The languages switched on in the system settings (a switched-off one has no pages). */
  readonly languages: readonly Locale[]
  readonly defaultLanguage: Locale
  /** Website settings: `settings.text('headerPhone', { language })` and the like. */
  readonly settings: WebsiteSettingsReader
}
import type { ForumModerationService } from '../../community/forum-moderation/forum-moderation-service.ts'
import type { StaticRouteResolution } from '../../operations/site-tools/static-routes-service.ts'

/** Static routes (issue 19) for one storefront request (its host decides the site). */
export interface RequestStaticRoutes {
  /** What a static route draws at this address (path without query), or null. */
  resolve(path: string): Promise<StaticRouteResolution | null>
  /** A link from a route's reverse and values (`brand`, `{ locale, slug }`); null if unknown. */
  reverse(name: string, values: Readonly<Record<string, string>>): Promise<string | null>
}

/**
 * What the storefront's loaders and actions get from the server, besides the request: the
 * services (locale-independent: a page's language comes from its URL) and this request's context.
 */
export interface StorefrontLoadContext {
  readonly catalogue: CatalogueReads
  readonly translator: Translator
  /** The storefront's texts in a language, with the version its script's address carries. */
  readonly storefrontDictionary: (locale: Locale) => StorefrontDictionary
  /** The category list and GET /api/products, one service for both. */
  readonly productList: ProductListService
  /** The product page's data (issue 6). */
  readonly productDetail: ProductDetailService
  readonly ratings: RatingsService
  /** This visitor's cart and checkout (issue 8), bound to this request's cookie or customer. */
  readonly cart: RequestCart
  readonly checkout: RequestCheckout
  /** Pages from the document tree (issue 17): this request's host and, for previews, its editor. */
  readonly documents: RequestDocuments
  /** Galleries and their albums (issue 18); previews for back-office editors. */
  readonly galleries: RequestGalleries
  /** The dealer map (issue 18): gazetteer, dealer search and detail, partners' own entries. */
  readonly dealers: DealersService
  /** The contact form's topics (community, issue 18). */
  readonly contact: ContactPagesService
  /** Articles (issue 18): published ones, and for a back-office editor's preview unpublished ones. */
  readonly articles: RequestArticles
  /** The forum's reading and posting (issue 18); called with `{ db: ctx.db, locale, viewer }`. */
  readonly forum: ForumService
  /** Forum reports and moderation (issue 18): the queue page and the thread page's tools. */
  readonly forumModeration: ForumModerationService
  /** Static routes (issue 19): addresses no page of the shop answers, drawn as their target. */
  readonly staticRoutes: RequestStaticRoutes
  /** Who is looking (from the customer session): decides prices, price sorts, badges. */
  readonly viewer: Viewer
  /** The nonce every script of the page must carry (the CSP allows no other scripts). */
  readonly cspNonce: string
  /** The shop's public origin, for canonical and hreflang URLs. */
  readonly publicUrl: string
  /** The dealer map's tile server (MAP_TILE_URL); null = the shop's own offline outlines. */
  readonly mapTiles: MapTiles | null
  /** Enabled languages and website settings (issue 19). */
  readonly site: SiteSettings
  /** Personalization (issue 20): the visitor's target groups and consent choice. */
  readonly targeting?: VisitorTargeting
  readonly ctx: RequestContext
  /** This request's logger (structured, with the request id), for failures a page reports. */
  readonly log: FastifyBaseLogger
}

/**
 * The key loaders read the load context with: `context.get(storefrontContext)`. React Router 8
 * hands loaders a RouterContextProvider, whose values are found by key identity, so this module
 * must be one instance for the server and the storefront's server build: the storefront's Vite
 * config keeps `@optika/server` external, and Node loads this very file for both.
 */
export const storefrontContext = createContext<StorefrontLoadContext>()
