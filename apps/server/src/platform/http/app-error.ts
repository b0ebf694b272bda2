/**
 * A failure the client caused or may see: the status, a stable machine code, and the translation
 * key of the message the person reads. The error handler translates it to the request's language.
 */
export class AppError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly key: string
  readonly params: Record<string, string | number>
  readonly details: unknown

  constructor(
    statusCode: number,
    code: string,
    key: string,
    params: Record<string, string | number> = {},
    details?: unknown,
  ) {
    super(`${code}: ${key}`)
    this.name = 'AppError'
    this.statusCode = statusCode
    this.code = code
    this.key = key
    this.params = params
    this.details = details
  }
}

export function notFound(key = 'server.notFound'): AppError {
  return new AppError(404, 'NOT_FOUND', key)
}
