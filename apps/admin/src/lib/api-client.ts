/** An error answer of the server's JSON API, which is always `{ code, message }` with a 4xx/5xx. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }
}

/** Reads a response body as JSON; a body that is empty or not JSON reads as `null`. */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** Turns an unsuccessful response into an ApiError, keeping the server's code and message. */
export function toApiError(response: Response, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null && 'code' in body && 'message' in body) {
    const { code, message } = body
    if (typeof code === 'string' && typeof message === 'string') {
      return new ApiError(response.status, code, message)
    }
  }
  return new ApiError(
    response.status,
    'HTTP_ERROR',
    `${response.status} ${response.statusText}`.trim(),
  )
}

/** GETs JSON from the server; an unsuccessful answer throws an ApiError. */
export async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers)
  if (!headers.has('accept')) headers.set('accept', 'application/json')
  const response = await fetch(url, { ...init, headers })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
  return body
}

/** Sends JSON with an unsafe method (same-origin, so the server's CSRF check passes). */
export async function sendJson(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<unknown> {
  const headers = new Headers({ accept: 'application/json' })
  if (body !== undefined) headers.set('content-type', 'application/json')
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  })
  const parsed = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, parsed)
  return parsed
}

/** Whether an error is the server's "not signed in" answer. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

/** Whether an error is the server's "signed in, but not allowed" answer. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403
}
