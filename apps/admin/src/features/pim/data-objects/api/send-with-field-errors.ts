import { ApiError, readJsonBody, toApiError } from '../../../../lib/api-client.ts'
import { mapFieldErrors, type FieldErrorMap } from '../model/field-errors.ts'

/** A refused request whose answer named the fields at fault (a 400 with `errors`). */
export class FieldErrorsApiError extends ApiError {
  readonly fieldErrors: FieldErrorMap
  constructor(base: ApiError, fieldErrors: FieldErrorMap) {
    super(base.status, base.code, base.message)
    this.name = 'FieldErrorsApiError'
    this.fieldErrors = fieldErrors
  }
}

/** The field errors a failed request carried, if any. */
export function fieldErrorsOf(error: unknown): FieldErrorMap {
  return error instanceof FieldErrorsApiError ? error.fieldErrors : {}
}

/**
 * Like `sendJson`, but keeps the `errors` of a refused answer, which the editor shows at the
 * fields (the shared client only keeps the general message).
 */
export async function sendWithFieldErrors(
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  const parsed = await readJsonBody(response)
  if (!response.ok) {
    const base = toApiError(response, parsed)
    const errors =
      typeof parsed === 'object' && parsed !== null && 'errors' in parsed
        ? mapFieldErrors(parsed.errors)
        : {}
    throw new FieldErrorsApiError(base, errors)
  }
  return parsed
}
