/** A field the server (or the form's own check) refused, with its translated message. */
export interface FieldError {
  readonly path: string
  readonly message: string
}

export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | {
      readonly ok: false
      readonly status: number
      /** The server's translated message; '' when the server could not be reached. */
      readonly message: string
      readonly code: string
      readonly errors: readonly FieldError[]
    }

interface ErrorBody {
  code?: unknown
  message?: unknown
  errors?: unknown
}

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { path, message } = item as { path?: unknown; message?: unknown }
    return typeof path === 'string' && typeof message === 'string'
      ? [{ path: fieldPath(path), message }]
      : []
  })
}

/**
 * The form's name of a field the server names by where it was checked: `body/billingAddress/street`
 * (request validation) or `billingAddress.street` (a service's check) → `billingAddress.street`.
 */
export function fieldPath(serverPath: string): string {
  return serverPath
    .replace(/^(body|querystring|params)(\/|\.|$)/, '')
    .replace(/^\//, '')
    .replaceAll('/', '.')
}

/**
 * Calls the storefront's JSON API from the page. The browser adds the page's Origin, which the
 * server's same-origin guard accepts; the session cookie goes along. Errors come back translated
 * into the language the pages set in the `locale` cookie.
 */
export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch {
    return { ok: false, status: 0, message: '', code: 'NETWORK', errors: [] }
  }
  const text = await response.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  if (response.ok) return { ok: true, status: response.status, data: json as T }
  const error = (json ?? {}) as ErrorBody
  return {
    ok: false,
    status: response.status,
    message: typeof error.message === 'string' ? error.message : '',
    code: typeof error.code === 'string' ? error.code : 'HTTP_ERROR',
    errors: fieldErrors(error.errors),
  }
}
