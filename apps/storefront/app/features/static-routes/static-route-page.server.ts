import { data, redirect, type RouterContextProvider } from 'react-router'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import type { ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import { isLocale, type Locale } from '@optika/i18n/locales'
import { getStorefront } from '../../get-storefront.server.ts'

/** The most products a static route's listing draws; the category's own list pages on. */
const LISTING_LIMIT = 48

/** A product list drawn at a static route's address (e.g. `/cs/brand/rayban`). */
export interface StaticListingData {
  readonly kind: 'staticListing'
  readonly heading: string
  readonly products: readonly ProductsListProduct[]
  readonly totalCount: number
  /** The category's full list with the same filters ("show all"), when the route names one. */
  readonly moreHref: string | null
  readonly signedIn: boolean
  readonly meta: { readonly title: string; readonly noindex: boolean }
}

/** A storefront path as an address: each decoded segment encoded again. */
export function addressOf(segments: readonly string[]): string {
  return `/${segments.map((s) => encodeURIComponent(s)).join('/')}`
}

/** A refusal of the list service (AppError 4xx): the route's query was bad, not the server. */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof Error) || !('statusCode' in error)) return false
  const status = error.statusCode
  return typeof status === 'number' && status >= 400 && status < 500
}

/**
 * What a static route draws at `path` (issue 19) when no page of the shop answers it: a product
 * listing (drawn here), a redirect to a named page (thrown), or the path of a document to draw
 * instead (answered for the caller to draw). Null when no route answers, or its listing query is
 * refused by the list service.
 */
export async function loadStaticRoute(
  context: Readonly<RouterContextProvider>,
  path: string,
  fallbackLocale: Locale,
): Promise<StaticListingData | { readonly kind: 'document'; readonly path: string } | null> {
  const { staticRoutes, productList, viewer, translator, catalogue } = getStorefront(context)
  const resolution = await staticRoutes.resolve(path)
  if (!resolution) return null
  switch (resolution.kind) {
    case 'redirect':
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
      throw redirect(resolution.location, 302)
    case 'document':
      return { kind: 'document', path: resolution.path }
    case 'productListing': {
      const value = resolution.values.locale
      const locale = isLocale(value) ? value : fallbackLocale
      const query = new URLSearchParams(resolution.query)
      query.set('limit', String(LISTING_LIMIT))
      let response
      try {
        response = await productList.list({ locale, viewer, params: query, pages: 'span' })
      } catch (error) {
        if (isRefusal(error)) return null
        throw error
      }
      const cid = Number(query.get('cid'))
      const category =
        Number.isInteger(cid) && cid > 0 ? await catalogue.getCategory(locale, cid) : null
      const chosen = response.activeFilters.map((f) => f.valueName).filter((v) => v !== '')
      const heading =
        chosen.length > 0
          ? chosen.join(', ')
          : (category?.name ?? translator.t(locale, 'siteTools.storefront.listingHeading'))
      const moreQuery = new URLSearchParams(resolution.query)
      moreQuery.delete('cid')
      const more = moreQuery.toString()
      return {
        kind: 'staticListing',
        heading,
        products: response.products,
        totalCount: response.pagination.totalCount,
        moreHref: category ? (more ? `${category.url}?${more}` : category.url) : null,
        signedIn: isSignedIn(viewer),
        meta: {
          title: translator.t(locale, 'shop.meta.title', { title: heading }),
          noindex: false,
        },
      }
    }
  }
}

/**
 * An address outside the shop's languages (`/find/…`, which the router hands the document or
 * not-found route): a static route's listing, or its redirect; anything else is not found.
 */
export async function loadStaticRouteOrNotFound(
  context: Readonly<RouterContextProvider>,
  segments: readonly string[],
): Promise<StaticListingData> {
  const { ctx } = getStorefront(context)
  const routed = await loadStaticRoute(context, addressOf(segments), ctx.locale)
  if (routed?.kind === 'staticListing') return routed
  // A document is drawn under a language's addresses; from here, the visitor goes to it.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
  if (routed?.kind === 'document') throw redirect(routed.path, 302)
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the not-found page, status 404
  throw data(null, { status: 404 })
}
