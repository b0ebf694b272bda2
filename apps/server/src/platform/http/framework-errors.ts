import { randomBytes, randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Db } from '../db/client.ts'
import type { Translator } from '../i18n/translator.ts'
import { replyWithError, type ErrorBody } from './error-handler.ts'
import { localeFromHeaders } from './locale.ts'
import { applySecurityHeaders, securityHeaders } from './security-headers.ts'

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed URL (bad percent-encoding, 400) or
 * an over-long path parameter (414) before any onRequest hook runs, and by itself would answer
 * in its own shape, quoting the URL, without security headers or request id. This gives those
 * answers what the hooks give every other one (request id, security headers, the request's
 * language and context) and the house `{ code, message }` body.
 */
export function createFrameworkErrorHandler(deps: {
  readonly db: Db
  readonly translator: Translator
}) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-request-id', request.id)
    applySecurityHeaders(request, reply)
    request.ctx = { db: deps.db, locale: localeFromHeaders(request.headers), requestId: request.id }
    void replyWithError(deps.translator, error, request, reply)
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses a request it cannot read (a malformed
 * request line or header, headers over the limit, a request that did not arrive in time). There
 * is no request object, so the answer is written to the socket: the house body in the shop's
 * default language (the headers that would name another could not be read), with the security
 * headers and a fresh request id.
 */
export function createClientErrorHandler(translator: Translator) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has no one left to answer (as Fastify's own handler does).
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const [status, code, key] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'server.requestTimeout']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'REQUEST_HEADER_FIELDS_TOO_LARGE', 'server.badRequest']
          : [400, 'BAD_REQUEST', 'server.badRequest']
    const body: ErrorBody = { code, message: translator.t(DEFAULT_LOCALE, key) }
    const json = JSON.stringify(body)
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(json)),
      'cache-control': 'no-store',
      'x-request-id': randomUUID(),
      connection: 'close',
      ...securityHeaders('/', randomBytes(16).toString('base64')),
    }
    if (socket.writable) {
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${json}`)
    }
    socket.destroy(error)
  }
}
