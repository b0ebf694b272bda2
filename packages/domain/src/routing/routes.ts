/**
 * Named storefront routes. Pages and widgets build links through `generateUrl`, never by
 * string concatenation, so a renamed path changes in one place.
 */
export const ROUTES = {
  home: '/:locale',
  category: '/:locale/c/:id/:slug',
  product: '/:locale/p/:id/:slug',
  search: '/:locale/search',
  cart: '/:locale/cart',
  // The seed's checkout paths under the language prefix; the bare seed paths redirect (decision 018).
  cartShippingPayment: '/:locale/cart/shipping-payment',
  cartConfirm: '/:locale/cart/confirm',
  cartFinished: '/:locale/cart/finished/:number',
  login: '/:locale/login',
  registration: '/:locale/registration',
  partnerRegistration: '/:locale/registration/partner',
  lostPassword: '/:locale/lost-password',
  newPassword: '/:locale/new-password',
  account: '/:locale/account',
  accountOrders: '/:locale/account/orders',
  partnerPriceLists: '/:locale/account/price-lists',
  partnerPromotionMaterial: '/:locale/account/promotion-material',
  partnerComplaints: '/:locale/account/complaints',
  accountOrder: '/:locale/account/orders/:id',
  partnerComplaintNew: '/:locale/account/complaints/new',
  partnerComplaint: '/:locale/account/complaints/:id',
  terms: '/:locale/terms',
  privacy: '/:locale/privacy',
  contact: '/:locale/contact',
  // Content and community (issue 18). Board keys never take the forum's own words (thread, moderation).
  dealers: '/:locale/dealers',
  dealer: '/:locale/dealers/:ref/:slug',
  partnerDealerListing: '/:locale/account/dealer-listing',
  articles: '/:locale/articles',
  article: '/:locale/articles/:id/:slug',
  galleries: '/:locale/galleries',
  gallery: '/:locale/galleries/:id/:slug',
  forum: '/:locale/forum',
  forumModeration: '/:locale/forum/moderation',
  forumThread: '/:locale/forum/thread/:id/:slug',
  forumBoard: '/:locale/forum/:board',
  forumNewThread: '/:locale/forum/:board/new',
  api_products: '/api/products',
  api_translations: '/api/translations/:locale',
} as const
export type RouteName = keyof typeof ROUTES

type ParamValue = string | number
export type RouteParams = Record<string, ParamValue | readonly ParamValue[] | undefined>

/**
 * An error a caller can show translated: `key` is the translation key, `params` its placeholders,
 * `message` the English text for logs.
 */
export class TranslatableError extends Error {
  readonly key: string
  readonly params: Record<string, string>
  constructor(key: string, message: string, params: Record<string, string> = {}) {
    super(message)
    this.name = 'TranslatableError'
    this.key = key
    this.params = params
  }
}

/**
 * Builds the URL of a named route. Path parameters fill `:name` segments; the rest of `params`
 * becomes the query string (arrays repeat the key, undefined and '' are left out).
 */
export function generateUrl(name: string, params: RouteParams = {}): string {
  if (!Object.hasOwn(ROUTES, name)) {
    throw new TranslatableError('route.notFound', `The route "${name}" does not exist.`, { name })
  }
  const pattern = ROUTES[name as RouteName]
  const used = new Set<string>()
  const path = pattern.replace(/:(\w+)/g, (_, param: string) => {
    const value = params[param]
    if (value === undefined || value === '' || Array.isArray(value)) {
      throw new TranslatableError(
        'route.missingParameter',
        `Missing required parameter "${param}" for route "${name}".`,
        { name, param },
      )
    }
    used.add(param)
    return encodeURIComponent(String(value))
  })
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (used.has(key) || value === undefined || value === '') continue
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item))
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}
