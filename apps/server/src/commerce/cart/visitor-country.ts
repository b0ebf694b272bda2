import type { FastifyInstance, FastifyRequest } from 'fastify'
// `request.viewer` is declared there; this brings it wherever this file is type-checked.
import type {} from '../../accounts/customer-auth/viewer.ts'
import type { Db } from '../../platform/db/client.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { cartOwnerOf, declareKnownCart, knownCartOf } from './cart-store.ts'
import { readStoredCheckout } from './checkout-data.ts'

/** Back-office, picture and build-file requests never price anything. */
function pricesSomething(request: FastifyRequest): boolean {
  const path = request.url
  return !(
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path.startsWith('/admin?') ||
    path.startsWith('/media/') ||
    path.startsWith('/assets/')
  )
}

/**
 * One currency per visitor (decision 024): once the cart has a delivery country chosen in the
 * checkout, that country becomes the viewer's, so every price the request shows — lists, home,
 * search, the product page — is in the cart's currency with the cart's VAT. Runs after the viewer
 * is read; one indexed read of the cart, only for visitors who have a cart or are signed in —
 * the read the request's cart and checkout then use (`knownCartOf`).
 */
export function registerVisitorCountry(app: FastifyInstance, db: Db): void {
  declareKnownCart(app)
  app.addHook('onRequest', async (request) => {
    if (!pricesSomething(request)) return
    if (request.viewer.customerId === null && !readCookie(request, 'cart')) return
    const cart = await knownCartOf(request, db).find(cartOwnerOf(request))
    const chosen = cart ? readStoredCheckout(cart.checkout).country : undefined
    if (chosen && chosen !== request.viewer.country) {
      request.viewer = { ...request.viewer, country: chosen }
    }
  })
}
