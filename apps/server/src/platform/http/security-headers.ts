import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh CSP nonce; every inline or bundled <script> a page renders must carry it. */
    cspNonce: string
  }
}

/** Paths that serve third-party HTML we do not render ourselves (Swagger UI sets its own CSP). */
const OWN_CSP_PREFIXES = ['/api/docs']

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Style attributes (React Aria, Mantine) need inline styles; scripts never run inline without the nonce.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Sets the security headers of every response, with a per-request script nonce. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', '')
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64')
    if (!OWN_CSP_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce))
    }
    reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains')
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self), payment=()')
  })
}
