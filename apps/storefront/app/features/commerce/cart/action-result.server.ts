import { data } from 'react-router'
import type { Locale } from '@optika/i18n/locales'
import type { StorefrontLoadContext } from '@optika/server/web/storefront/load-context'
import type { ActionFailure, FieldProblem } from './action-types.ts'

export type { ActionFailure, FieldProblem } from './action-types.ts'

/** What the answers need of the load context: its translator. */
export interface Translating {
  readonly translator: Pick<StorefrontLoadContext['translator'], 't'>
}

/** A catalogue key (`validation.required`), not prose. */
const MESSAGE_KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/

interface ServiceError {
  statusCode: number
  code: string
  key: string
  params: Record<string, string | number>
  details: unknown
}

interface Issue {
  path: readonly PropertyKey[]
  message: string
  minimum?: unknown
  params?: unknown
}

// The services throw the server's AppError and zod's ZodError; both are recognised by shape,
// since the storefront's server build and the server may hold separate copies of the classes.
function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof Error &&
    typeof (error as Partial<ServiceError>).statusCode === 'number' &&
    typeof (error as Partial<ServiceError>).key === 'string'
  )
}

function isZodError(error: unknown): error is Error & { issues: Issue[] } {
  return (
    error instanceof Error &&
    error.name === 'ZodError' &&
    Array.isArray((error as { issues?: unknown }).issues)
  )
}

function issueParams(issue: Issue): Record<string, string | number> {
  const params: Record<string, string | number> = {}
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') {
    params.value = Number(issue.minimum)
  }
  if (typeof issue.params === 'object' && issue.params !== null) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value
    }
  }
  return params
}

/** The form's name of a field the server names by where it was checked (`body/billing/street`). */
function fieldName(path: string): string {
  return path
    .replace(/^(body|querystring|params)(\/|\.|$)/, '')
    .replace(/^\//, '')
    .replaceAll('/', '.')
}

function detailProblems(
  details: unknown,
  t: (key: string, params?: Record<string, string | number>) => string,
): FieldProblem[] {
  if (!Array.isArray(details)) return []
  return details.flatMap((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null) return []
    const { path, message, key, params } = detail as Record<string, unknown>
    if (typeof path !== 'string') return []
    if (typeof message === 'string') return [{ path: fieldName(path), message }]
    if (typeof key === 'string') {
      return [{ path: fieldName(path), message: t(key, params as Record<string, string | number>) }]
    }
    return []
  })
}

/**
 * Turns what a cart or checkout call threw into the page's answer: the translated message with
 * the error's status, field errors for validation. Anything else is a failure of the server and
 * goes on to the error page.
 */
export function actionFailure(
  error: unknown,
  storefront: Translating,
  locale: Locale,
  extra: Pick<ActionFailure, 'values' | 'intent'> = {},
) {
  const t = (key: string, params?: Record<string, string | number>) =>
    storefront.translator.t(locale, key, params)
  if (isZodError(error)) {
    const failure: ActionFailure = {
      ok: false,
      code: 'VALIDATION_ERROR',
      message: t('validation.formError'),
      errors: error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: MESSAGE_KEY.test(issue.message)
          ? t(issue.message, issueParams(issue))
          : issue.message,
      })),
      ...extra,
    }
    return data(failure, { status: 400 })
  }
  if (isServiceError(error) && error.statusCode < 500) {
    const errors = detailProblems(error.details, t)
    const failure: ActionFailure = {
      ok: false,
      code: error.code,
      message:
        errors.length > 0 && error.code === 'VALIDATION_ERROR'
          ? t('validation.formError')
          : t(error.key, error.params),
      errors,
      details: Array.isArray(error.details) ? undefined : error.details,
      ...extra,
    }
    return data(failure, { status: error.statusCode })
  }
  throw error
}

/** A form the page does not know (a hand-made request). */
export function unknownForm(storefront: Translating, locale: Locale) {
  const failure: ActionFailure = {
    ok: false,
    code: 'BAD_REQUEST',
    message: storefront.translator.t(locale, 'server.badRequest'),
    errors: [],
  }
  return data(failure, { status: 400 })
}

/** The submitted text fields of a form (files and repeated names aside), to fill it again. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of form) {
    if (typeof value === 'string' && !(name in values)) values[name] = value
  }
  return values
}

/** A text field of a submitted form ('' when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
