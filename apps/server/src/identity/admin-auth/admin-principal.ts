import type { Locale } from '@optika/i18n/locales'
import type { PermissionKey } from '@optika/domain/admin/permissions'

/**
 * The signed-in back-office user of a request, set by the admin session hook when the session
 * cookie names a live, fully authenticated session (password and, if enabled, second factor).
 */
export interface AdminPrincipal {
  readonly userId: number
  readonly username: string
  readonly name: string
  readonly language: Locale
  readonly isAdmin: boolean
  /** The user's own keys plus its roles' keys; an admin holds every key. */
  readonly permissions: ReadonlySet<PermissionKey>
  /** SHA-256 of the session token: to end or rotate this session. */
  readonly sessionTokenHash: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** null when the request carries no complete back-office session. */
    admin: AdminPrincipal | null
  }
}
