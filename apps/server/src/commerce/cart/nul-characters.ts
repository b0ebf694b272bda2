import { AppError } from '../../platform/http/app-error.ts'

/**
 * The dot paths of the strings in `value` that carry U+0000. PostgreSQL stores no NUL character
 * in text or jsonb, so such input would fail in the database (a 500) unless refused first.
 */
export function nulCharacterPaths(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at] : []
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) =>
    nulCharacterPaths(inner, at ? `${at}.${key}` : key),
  )
}

/** Refuses input carrying a NUL character: 400 naming the fields (`body/contact/name`). */
export function refuseNulCharacters(value: unknown, part: 'body' | 'querystring'): void {
  const paths = nulCharacterPaths(value)
  if (paths.length === 0) return
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    'validation.formError',
    {},
    paths.map((path) => ({ path: [part, ...path.split('.')].join('/'), key: 'server.badRequest' })),
  )
}
