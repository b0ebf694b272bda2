import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ADMIN_LOCALE_COOKIE, LOCALE_COOKIE } from './locale.ts'

/** The cookies the server sets, by what they hold. */
export type CookieKind =
  | 'adminSession'
  | 'customerSession'
  | 'cart'
  | 'locale'
  // The back office's language, set by the admin app on its own path (read for /admin requests).
  | 'adminLocale'
  // Personalization (issue 20, decision 067): the visitor's consent choice, and only after consent
  // a first-party visitor id, the visit history and the session's matched rules.
  | 'consent'
  | 'visitor'
  | 'visits'
  | 'targetingSession'

const BASE_NAMES: Record<CookieKind, string> = {
  adminSession: 'optika-admin',
  customerSession: 'optika-shop',
  cart: 'optika-cart',
  locale: LOCALE_COOKIE,
  adminLocale: ADMIN_LOCALE_COOKIE,
  consent: 'optika-consent',
  visitor: 'optika-visitor',
  visits: 'optika-visits',
  targetingSession: 'optika-targeting',
}

/**
 * Cookies holding a secret token get `__Host-` when Secure: the browser then keeps them to this
 * exact host with Path=/ and no Domain. The language is no secret and keeps its plain name.
 */
const HOST_BOUND: ReadonlySet<CookieKind> = new Set(['adminSession', 'customerSession', 'cart'])

/** How every cookie of the server is named and flagged, decided once from PUBLIC_URL. */
export interface CookiePolicy {
  /** Secure and the `__Host-` prefix: the shop is served over https, or over http on this machine. */
  readonly secure: boolean
  /** Why the cookies go without Secure, for the log at start; null when they are Secure. */
  readonly warning: string | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The cookie policy of PUBLIC_URL (platform/http/cookie-policy.ts). */
    cookiePolicy: CookiePolicy
  }
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: browsers keep Secure cookies there even over http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

/**
 * Secure cookies with `__Host-` names for an https PUBLIC_URL and for http on this machine (the
 * default http://localhost:3000, where browsers accept them). A plain-http PUBLIC_URL on any
 * other host — a shop opened from another machine on the LAN, a staging box without TLS — would
 * have every Secure cookie dropped by the browser, so the cart and every sign-in would silently
 * fail: there the cookies go without Secure and without the prefix, and the start logs why.
 */
export function cookiePolicyFor(publicUrl: string): CookiePolicy {
  const url = new URL(publicUrl)
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) {
    return { secure: true, warning: null }
  }
  return {
    secure: false,
    warning:
      `PUBLIC_URL ${url.origin} is plain http on a host other than this machine: browsers drop ` +
      'Secure cookies there, so the session, cart and language cookies are sent without Secure ' +
      'and without the __Host- prefix, readable and changeable by anyone on the network path. ' +
      'Serve the shop over https and set PUBLIC_URL to its https address before real use.',
  }
}

/** The name a cookie has under a policy (`__Host-optika-shop` when Secure, else `optika-shop`). */
export function cookieName(kind: CookieKind, secure: boolean): string {
  return secure && HOST_BOUND.has(kind) ? `__Host-${BASE_NAMES[kind]}` : BASE_NAMES[kind]
}

/** Decides the cookie policy once for the app and logs the one warning when it is not Secure. */
export function registerCookiePolicy(app: FastifyInstance, publicUrl: string): CookiePolicy {
  const policy = cookiePolicyFor(publicUrl)
  app.decorate('cookiePolicy', policy)
  if (policy.warning) app.log.warn({ publicUrl }, policy.warning)
  return policy
}

/** The cookie's value on the request, under the app's policy. */
export function readCookie(request: FastifyRequest, kind: CookieKind): string | undefined {
  return request.cookies[cookieName(kind, request.server.cookiePolicy.secure)]
}

/** HttpOnly, SameSite=Lax, Path=/, and Secure when the policy says so. */
function cookieOptions(reply: FastifyReply) {
  return {
    httpOnly: true,
    secure: reply.server.cookiePolicy.secure,
    sameSite: 'lax',
    path: '/',
  } as const
}

/**
 * Sets a cookie under the app's policy; without `maxAgeSeconds` it is a browser-session cookie
 * (the server enforces any expiry itself).
 */
export function setCookie(
  reply: FastifyReply,
  kind: CookieKind,
  value: string,
  options: { maxAgeSeconds?: number } = {},
): void {
  reply.setCookie(cookieName(kind, reply.server.cookiePolicy.secure), value, {
    ...cookieOptions(reply),
    ...(options.maxAgeSeconds === undefined ? {} : { maxAge: options.maxAgeSeconds }),
  })
}

export function clearCookie(reply: FastifyReply, kind: CookieKind): void {
  reply.clearCookie(cookieName(kind, reply.server.cookiePolicy.secure), cookieOptions(reply))
}
