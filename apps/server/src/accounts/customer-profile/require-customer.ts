import type { FastifyRequest } from 'fastify'
import type { Viewer } from '@optika/domain/accounts/viewer'
import { AppError } from '../../platform/http/app-error.ts'

export type SignedInViewer = Viewer & { readonly customerId: number }

/** The signed-in viewer, or 401 'You are not logged in' before any input is used. */
export function requireCustomer(request: FastifyRequest): SignedInViewer {
  const viewer = request.viewer
  if (viewer.customerId === null) {
    throw new AppError(401, 'NOT_LOGGED_IN', 'auth.notLoggedIn')
  }
  return viewer as SignedInViewer
}

/** A preHandler form of `requireCustomer`, so unauthenticated requests never reach the body. */
export async function customerOnly(request: FastifyRequest): Promise<void> {
  requireCustomer(request)
}

/** The hash of the session token this request came with (kept when other sessions end). */
export function currentSessionHash(request: FastifyRequest): string | undefined {
  return request.customerSessionHash ?? undefined
}
