import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DrizzleQueryError } from 'drizzle-orm'
import { ZodError } from 'zod'
import type { Locale } from '@optika/i18n/locales'
import { isDatabaseUnavailable } from '../db/database-unavailable.ts'
import type { Translator } from '../i18n/translator.ts'
import { AppError } from './app-error.ts'
import { localeFromHeaders } from './locale.ts'
import type { RequestContext } from './request-context.ts'

/** The JSON body of every failed API call. */
export interface ErrorBody {
  code: string
  message: string
  errors?: { path: string; message: string }[]
}

/** Framework failures mapped to a stable code and a translated message, by status. */
const STATUS_ERRORS: Record<number, { code: string; key: string }> = {
  400: { code: 'BAD_REQUEST', key: 'server.badRequest' },
  401: { code: 'UNAUTHORIZED', key: 'auth.notLoggedIn' },
  403: { code: 'FORBIDDEN', key: 'server.forbidden' },
  404: { code: 'NOT_FOUND', key: 'server.notFound' },
  405: { code: 'METHOD_NOT_ALLOWED', key: 'server.methodNotAllowed' },
  406: { code: 'NOT_ACCEPTABLE', key: 'server.badRequest' },
  408: { code: 'REQUEST_TIMEOUT', key: 'server.requestTimeout' },
  413: { code: 'PAYLOAD_TOO_LARGE', key: 'server.payloadTooLarge' },
  414: { code: 'URI_TOO_LONG', key: 'server.uriTooLong' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'server.unsupportedMediaType' },
  429: { code: 'TOO_MANY_REQUESTS', key: 'server.tooManyRequests' },
  431: { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', key: 'server.badRequest' },
}

/**
 * The one place failures become responses: `{ code, message }` in the request's language with a
 * 4xx or 5xx. Validation errors list the fields. Stack traces and SQL go to the log, never out.
 */
export function registerErrorHandler(app: FastifyInstance, translator: Translator): void {
  app.setErrorHandler((error: FastifyError, request, reply) =>
    replyWithError(translator, error, request, reply),
  )
}

/**
 * Answers `error` in the house shape. The error handler calls it, and so do the router's own
 * refusals (framework-errors.ts), which happen before any hook.
 */
export function replyWithError(
  translator: Translator,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const locale = localeOf(request)
  const t = (key: string, params?: Record<string, string | number>) =>
    translator.t(locale, key, params)

  if (error instanceof AppError) {
    return send(reply, error.statusCode, {
      code: error.code,
      message: t(error.key, error.params),
      ...(Array.isArray(error.details)
        ? { errors: (error.details as ErrorDetail[]).map((d) => translateDetail(d, t)) }
        : {}),
    })
  }
  if (hasZodFastifySchemaValidationErrors(error) || error instanceof ZodError) {
    const issues = error instanceof ZodError ? error.issues : error.validation
    return send(reply, 400, {
      code: 'VALIDATION_ERROR',
      message: t('validation.formError'),
      errors: issues.map((issue) => {
        const path =
          'instancePath' in issue
            ? `${error.validationContext ?? ''}${issue.instancePath}`
            : issue.path.join('.')
        const raw = ('instancePath' in issue ? issue.params : issue) as Record<string, unknown>
        return { path, message: translateIssueMessage(issue.message ?? '', raw, t) }
      }),
    })
  }
  if (isUnstorableText(error)) {
    request.log.info({ err: { code: error.code, message: error.message } }, 'client error')
    return send(reply, 400, { code: 'VALIDATION_ERROR', message: t('validation.formError') })
  }
  if (isDatabaseUnavailable(error)) {
    // Expected while PostgreSQL restarts or fails over: one line, no stack, no SQL.
    request.log.warn({ err: describeCauses(error) }, 'database unavailable')
    reply.header('retry-after', String(RETRY_AFTER_S))
    return send(reply, 503, {
      code: 'DATABASE_UNAVAILABLE',
      message: t('server.databaseUnavailable'),
    })
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const mapped = STATUS_ERRORS[status] ?? STATUS_ERRORS[400]!
    // The router's errors quote the URL; the request log line has it already, redacted.
    const message = ROUTER_ERRORS.has(error.code) ? undefined : error.message
    request.log.info({ err: { code: error.code, message } }, 'client error')
    return send(reply, status, { code: mapped.code, message: t(mapped.key) })
  }
  request.log.error({ err: error }, 'request failed')
  return send(reply, 500, { code: 'INTERNAL_ERROR', message: t('server.internalError') })
}

/** Seconds a client is asked to wait before retrying while the database is away. */
const RETRY_AFTER_S = 5

/** Errors whose message repeats the request's URL. */
const ROUTER_ERRORS = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH'])

/** The request's language; read from its headers when it failed before the context hook ran. */
function localeOf(request: FastifyRequest): Locale {
  const ctx = request.ctx as RequestContext | null
  return ctx?.locale ?? localeFromHeaders(request.headers)
}

/** Code and message of an error and its causes, for a log line without SQL parameters or stack. */
function describeCauses(error: unknown): { code?: unknown; message?: unknown }[] {
  const chain: { code?: unknown; message?: unknown }[] = []
  for (let e: unknown = error; e && chain.length < 4; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    // drizzle's wrapper quotes the statement and its parameters: leave those out.
    chain.push(e instanceof DrizzleQueryError ? { message: 'query failed' } : { code, message })
  }
  return chain
}

/** A zod message that is a catalogue key (`validation.required`), not prose. */
const MESSAGE_KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/

/**
 * Schemas shared with the forms carry catalogue keys as messages; they are translated here with
 * parameters: `value` from a minimum (`validation.minLength` → "a minimum of 8 characters") and
 * whatever a refinement put in the issue's `params` (`{ phone: '+420 601 234 567' }`).
 */
function translateIssueMessage(
  message: string,
  issue: Record<string, unknown>,
  t: (key: string, params?: Record<string, string | number>) => string,
): string {
  if (!MESSAGE_KEY.test(message)) return message
  const params: Record<string, string | number> = {}
  const minimum = issue.minimum
  if (typeof minimum === 'number' || typeof minimum === 'bigint') params.value = Number(minimum)
  const given = issue.params
  if (given && typeof given === 'object') {
    for (const [name, value] of Object.entries(given)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value
    }
  }
  return t(message, params)
}

/** A field error: already translated (`message`) or a translation key with parameters. */
type ErrorDetail =
  | { path: string; message: string }
  | { path: string; key: string; params?: Record<string, string | number> }

function translateDetail(
  detail: ErrorDetail,
  t: (key: string, params?: Record<string, string | number>) => string,
): { path: string; message: string } {
  return 'key' in detail
    ? { path: detail.path, message: t(detail.key, detail.params) }
    : { path: detail.path, message: detail.message }
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send(body)
}

/** The answer for a route that does not exist, in JSON for the API. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply, translator: Translator) {
  return send(reply, 404, {
    code: 'NOT_FOUND',
    message: translator.t(request.ctx.locale, 'server.notFound'),
  })
}

/**
 * Text PostgreSQL refuses to store (a NUL character in text or JSON): the client sent it, so it
 * is a 400 wherever a feature did not check for it first. Drizzle wraps the driver's error.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05'])
function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true
    depth++
  }
  return false
}
