import type { FastifyRequest } from 'fastify'
import { AppError } from '../../platform/http/app-error.ts'
import { requireCustomer, type SignedInViewer } from '../customer-profile/require-customer.ts'

/**
 * The approved partner looking at the partner area. Nobody signed in → 401; everybody else gets
 * 403 with the reason they can read: a retail account, an application still waiting, or refused.
 */
export function requireApprovedPartner(request: FastifyRequest): SignedInViewer {
  const viewer = requireCustomer(request)
  if (viewer.kind !== 'partner') {
    throw new AppError(403, 'NOT_A_PARTNER', 'partner.notPartner')
  }
  if (viewer.partnerStatus === 'pending' || viewer.partnerStatus === null) {
    throw new AppError(403, 'PARTNER_PENDING', 'partner.awaitingApproval')
  }
  if (viewer.partnerStatus === 'rejected') {
    throw new AppError(403, 'PARTNER_REJECTED', 'partner.rejected')
  }
  return viewer
}

/** The preHandler form, run before any input of a partner route is read. */
export async function approvedPartnerOnly(request: FastifyRequest): Promise<void> {
  requireApprovedPartner(request)
}
