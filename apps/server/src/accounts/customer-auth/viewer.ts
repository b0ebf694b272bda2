import type { FastifyInstance, FastifyRequest } from 'fastify'
import { COUNTRIES, type Country } from '@optika/domain/commerce/countries'
import { ANONYMOUS_VIEWER, type Viewer } from '@optika/domain/accounts/viewer'
import type { Db } from '../../platform/db/client.ts'
import type { customers } from '../../platform/db/schema/users.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { findLiveCustomerSession } from './customer-sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is looking at the storefront (from the customer session cookie); anonymous without one. */
    viewer: Viewer
    /** The hash of the customer session token behind `viewer`, or null (logout, rotation). */
    customerSessionHash: string | null
  }
}

/** Back-office and media requests never look at the shop cookie. */
function isStorefrontRequest(request: FastifyRequest): boolean {
  const path = request.url
  return !(
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path.startsWith('/admin?') ||
    path.startsWith('/media/')
  )
}

/** The viewer a customer row stands for (partner terms only once approved). */
export function viewerOf(
  customer: typeof customers.$inferSelect,
  impersonatedBy: number | null = null,
): Viewer {
  const approved = customer.kind === 'partner' && customer.partnerStatus === 'approved'
  const displayName =
    `${customer.firstName} ${customer.lastName}`.trim() || customer.company || customer.email
  return {
    customerId: customer.id,
    kind: customer.kind,
    partnerStatus: customer.kind === 'partner' ? (customer.partnerStatus ?? 'pending') : null,
    isModerator: customer.isModerator,
    priceListId: approved ? customer.priceListId : null,
    country: (COUNTRIES as readonly string[]).includes(customer.country)
      ? (customer.country as Country)
      : null,
    displayName,
    clientNumber: customer.clientNumber,
    impersonatedBy,
  }
}

/**
 * Puts the viewer on every storefront and API request: the customer of a live session cookie
 * (one query joining session and customer), else anonymous. A dead or unknown cookie is just
 * anonymous; the next sign-in replaces it.
 */
export function registerViewer(app: FastifyInstance, db: Db): void {
  app.decorateRequest('viewer', null as unknown as Viewer)
  app.decorateRequest('customerSessionHash', null)
  app.addHook('onRequest', async (request) => {
    request.viewer = ANONYMOUS_VIEWER
    request.customerSessionHash = null
    const token = readCookie(request, 'customerSession')
    if (!token || token.length > 200 || !isStorefrontRequest(request)) return
    const session = await findLiveCustomerSession(db, token)
    if (!session) return
    request.viewer = viewerOf(session.customer, session.impersonatedBy)
    request.customerSessionHash = session.tokenHash
  })
}
