import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** Origins pictures may come from besides the shop (the dealer map's tile server, MAP_TILE_URL). */
    cspImageOrigins: readonly string[]
  }
  interface FastifyRequest {
    /** A fresh CSP nonce; every inline or bundled <script> a page renders must carry it. */
    cspNonce: string
  }
}

/** Paths that serve third-party HTML we do not render ourselves (Swagger UI sets its own CSP). */
const OWN_CSP_PREFIXES = ['/api/docs']

/** Prefixes that are never storefront pages (JSON APIs, the back office, pictures). */
const NOT_PAGE_PREFIXES = ['/api/', '/admin', '/media/']

/**
 * A storefront page asked for as a document preview (`?preview=1`): the back office's document
 * editor shows it in a frame, so this page alone may be framed by the shop's own origin.
 */
export function isFramablePreview(url: string): boolean {
  if (NOT_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix))) return false
  const query = url.indexOf('?')
  return query !== -1 && new URLSearchParams(url.slice(query + 1)).get('preview') === '1'
}

export function contentSecurityPolicy(
  nonce: string,
  framable = false,
  imageOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Style attributes (React Aria, Mantine) need inline styles; scripts never run inline without the nonce.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framable ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ')
}

/** The security headers of a response to `url`, its CSP allowing scripts with `nonce` only. */
export function securityHeaders(
  url: string,
  nonce: string,
  imageOrigins: readonly string[] = [],
): Record<string, string> {
  const framable = isFramablePreview(url)
  return {
    ...(OWN_CSP_PREFIXES.some((prefix) => url.startsWith(prefix))
      ? {}
      : { 'content-security-policy': contentSecurityPolicy(nonce, framable, imageOrigins) }),
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': framable ? 'SAMEORIGIN' : 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  }
}

/** Gives `request` its script nonce and `reply` the security headers. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  request.cspNonce = randomBytes(16).toString('base64')
  reply.headers(securityHeaders(request.url, request.cspNonce, request.server.cspImageOrigins))
}

/** The origin of a tile URL template (`https://tile.example.com/{z}/{x}/{y}.png`), for img-src. */
export function tileOrigin(template: string): string {
  return new URL(template.replace(/\{[a-z]+\}/g, '0')).origin
}

/**
 * Sets the security headers of every response, with a per-request script nonce; pictures may also
 * come from `imageOrigins` (the map's tile server when MAP_TILE_URL is set).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  imageOrigins: readonly string[] = [],
): void {
  app.decorate('cspImageOrigins', imageOrigins)
  app.decorateRequest('cspNonce', '')
  app.addHook('onRequest', async (request, reply) => applySecurityHeaders(request, reply))
}
