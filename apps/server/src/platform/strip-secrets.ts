/** Field names never stored in the audit log or the application log, whatever entity they belong to. */
const SECRET_FIELDS = new Set([
  'password',
  'passwordrepeat',
  'oldpassword',
  'newpassword',
  'passwordhash',
  'secret',
  'twofactorsecret',
  'recoverycodes',
  'twofactorrecoverycodes',
  'token',
  'tokenhash',
  'sessiontokenhash',
  'code',
])

function isSecretField(name: string): boolean {
  const lower = name.toLowerCase()
  return SECRET_FIELDS.has(lower) || lower.endsWith('token') || lower.endsWith('tokenhash')
}

/** A deep copy of `value` without secret fields (at any depth), ready for jsonb. */
export function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets)
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isSecretField(key))
        .map(([key, inner]) => [key, stripSecrets(inner)]),
    )
  }
  return value
}
