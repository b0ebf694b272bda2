/** One field's problem as the server reports it in a 400 answer. */
export interface ServerFieldError {
  path: string
  message: string
}

/** Field errors by path, and whether the path of a field (or anything inside it) has one. */
export type FieldErrorMap = Readonly<Record<string, string>>

/**
 * Reads the `errors` of a 400 answer into messages by data path. The save route's body has the
 * data under `data`, so schema errors may say `data.name.cs` where the validator says `name.cs`:
 * both name the same field. Entries without a usable path or message are left out.
 */
export function mapFieldErrors(errors: unknown): FieldErrorMap {
  if (!Array.isArray(errors)) return {}
  const map: Record<string, string> = {}
  for (const entry of errors) {
    if (entry === null || typeof entry !== 'object') continue
    const { path, message } = entry as Record<string, unknown>
    if (typeof path !== 'string' || typeof message !== 'string' || message === '') continue
    const key = path.startsWith('data.') ? path.slice('data.'.length) : path
    map[key] ??= message
  }
  return map
}

/** The message for exactly this path. */
export function errorAt(errors: FieldErrorMap, path: string): string | undefined {
  return errors[path]
}

/**
 * Messages for paths below `prefix` (`name` → `name.cs`, `name.en`), for a container that should
 * show that something inside it is wrong (a language tab, a collapsed block row).
 */
export function errorsBelow(errors: FieldErrorMap, prefix: string): string[] {
  const below = `${prefix}.`
  return Object.entries(errors)
    .filter(([path]) => path === prefix || path.startsWith(below))
    .map(([, message]) => message)
}
