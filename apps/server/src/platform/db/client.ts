import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { DatabaseNotAnswering, markDatabaseError } from './database-unavailable.ts'
import { preparingClient, StatementNames } from './prepared-statements.ts'

/** Raw `execute()` results of both drivers have `rows`; this lets services read them typed. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>
}
interface QueryRows<Row> {
  rows: Row[]
}
/**
 * The query builder both engines share; services take this, never an engine-specific type. It is
 * made without the schema: the shop never uses drizzle's relational queries (`db.query`), and with
 * a schema every transaction and savepoint builds one query builder per table (issue 22).
 */
export type Db = PgDatabase<RowsQueryResultHKT>

export interface Database {
  readonly db: Db
  readonly engine: 'pglite' | 'postgres'
  /** Runs `select 1`, failing when the database does not answer within `timeoutMs`; /readyz uses it. */
  ping(timeoutMs?: number): Promise<void>
  /**
   * Hears about connections the server ended or lost while nobody was using them (a restart,
   * `pg_terminate_backend`, a failover). They are dropped and replaced on the next query; this
   * is for the log. Without a listener they go to standard error.
   */
  onConnectionError(listener: (error: Error) => void): void
  /**
   * The embedded database only (it has one process, this one): runs `callback` with the payload
   * of every NOTIFY on `channel`, as the notifying transaction commits. A server's pool does not
   * listen (its processes poll instead).
   */
  readonly listen?: (channel: string, callback: (payload: string) => void) => Promise<void>
  close(): Promise<void>
}

const PING_TIMEOUT_MS = 2_000

/** Wraps an open PGlite instance (embedded, or an in-memory clone in tests). */
export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, casing: 'snake_case' }),
    engine: 'pglite',
    ping: (timeoutMs = PING_TIMEOUT_MS) => withTimeout(client.query('select 1'), timeoutMs),
    // The embedded database has no connection to lose.
    onConnectionError: () => {},
    listen: async (channel, callback) => {
      await client.listen(channel, callback)
    },
    close: () => client.close(),
  }
}

/**
 * Wraps a PostgreSQL connection pool. A connection the server ends (restart, failover,
 * `pg_terminate_backend`) makes its client emit `error`; an `error` event nobody listens to kills
 * the process, so every client and the pool get a listener that logs it. The pool drops the
 * client and connects anew on the next query.
 */
export function fromPool(pool: pg.Pool): Database {
  const listeners: ((error: Error) => void)[] = []
  const report = (error: Error) => {
    if (listeners.length === 0) console.error(`database connection lost: ${error.message}`)
    for (const listener of listeners) listener(error)
  }
  // A checked-out client (inside a transaction) has no pool listener, so each gets its own.
  pool.on('connect', (client) => client.on('error', report))
  // Idle clients' errors reach the pool too; the client's own listener has logged them.
  pool.on('error', () => {})
  markConnectFailures(pool)
  return {
    db: drizzlePg({ client: pool, casing: 'snake_case' }),
    engine: 'postgres',
    ping: (timeoutMs = PING_TIMEOUT_MS) => withTimeout(pool.query('select 1'), timeoutMs),
    onConnectionError: (listener) => void listeners.push(listener),
    close: () => pool.end(),
  }
}

/**
 * A pool that rides out a PostgreSQL restart or failover: a connection attempt to a server that
 * is down fails within seconds (the request answers 503) instead of waiting, a peer that vanished
 * without closing its sockets is noticed by TCP keep-alive, and the next query after the server
 * is back simply connects again. Its connections keep the statements run again and again as
 * prepared statements, planned once instead of at every run (decision 074).
 */
export function createPool(connectionString: string, options: { max?: number } = {}): pg.Pool {
  return new pg.Pool({
    connectionString,
    Client: preparingClient(new StatementNames()),
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in `dataDir/db`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir: string
}): Promise<Database> {
  if (options.databaseUrl) return fromPool(createPool(options.databaseUrl))
  const dir = join(options.dataDir, 'db')
  mkdirSync(dir, { recursive: true })
  return fromPglite(await PGlite.create(dir))
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: (release?: unknown) => void,
) => void

/**
 * Marks the errors of getting a connection (refused, timed out) as the database's, for
 * `isDatabaseUnavailable`. `pool.query` and drizzle's transactions both connect through here.
 */
function markConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void
  const marked = (callback?: ConnectCallback): Promise<pg.PoolClient> | undefined => {
    if (callback) {
      connect((error, client, release) => callback(markDatabaseError(error), client, release))
      return undefined
    }
    return new Promise((resolve, reject) =>
      connect((error, client) => (error ? reject(markDatabaseError(error)) : resolve(client!))),
    )
  }
  pool.connect = marked as typeof pool.connect
}

/** `work`, or a rejection once `timeoutMs` have passed; a late failure of `work` is ignored. */
async function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseNotAnswering(timeoutMs)), timeoutMs)
  })
  work.catch(() => {})
  try {
    await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}
