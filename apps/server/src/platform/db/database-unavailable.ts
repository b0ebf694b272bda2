import { DrizzleQueryError } from 'drizzle-orm'

/**
 * SQLSTATEs of a server that cannot serve this connection: connection exceptions (class 08) and
 * an administrator's or a crash's shutdown (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now while it starts or stops).
 */
const UNAVAILABLE_STATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
])

/** Socket errors of a server that is down, restarting or out of reach. */
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** node-postgres's own words for a lost or refused connection (its errors have no code). */
const LOST_CONNECTION = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
]

/** The database did not answer a probe in time (`Database.ping`). */
export class DatabaseNotAnswering extends Error {
  constructor(timeoutMs: number) {
    super(`The database did not answer within ${timeoutMs} ms`)
    this.name = 'DatabaseNotAnswering'
  }
}

/** Errors raised while connecting to the database (see `markDatabaseError`). */
const fromDatabase = new WeakSet<object>()

/**
 * Records that `error` came from connecting to the database. A socket error says nothing about
 * whose socket it was (S3 and SMTP refuse connections too); only the database's make a 503.
 */
export function markDatabaseError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) fromDatabase.add(error)
  return error
}

/**
 * Whether `error` means the database is away (stopped, restarting, failing over, unreachable, or
 * it ended this connection) rather than that the statement was wrong: the request may succeed
 * when retried in a few seconds. Looks through drizzle's wrapper (`cause`) and the
 * `AggregateError` of a host with several addresses.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let viaDatabase = false
  let unreachable = false
  const pending: { error: unknown; depth: number }[] = [{ error, depth: 0 }]
  while (pending.length > 0) {
    const { error: current, depth } = pending.pop()!
    if (typeof current !== 'object' || current === null || depth > 4) continue
    if (current instanceof DatabaseNotAnswering) return true
    if (current instanceof DrizzleQueryError || fromDatabase.has(current)) viaDatabase = true
    const { code, message, cause } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
    }
    if (typeof code === 'string' && UNAVAILABLE_STATES.has(code)) return true
    if (typeof message === 'string' && LOST_CONNECTION.some((pattern) => pattern.test(message))) {
      return true
    }
    if (typeof code === 'string' && UNREACHABLE_ERRNOS.has(code)) unreachable = true
    if (cause !== undefined) pending.push({ error: cause, depth: depth + 1 })
    if (current instanceof AggregateError) {
      for (const inner of current.errors) pending.push({ error: inner, depth: depth + 1 })
    }
  }
  return viaDatabase && unreachable
}
