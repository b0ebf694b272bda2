import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema/index.ts'

export type Schema = typeof schema

/** Raw `execute()` results of both drivers have `rows`; this lets services read them typed. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>
}
interface QueryRows<Row> {
  rows: Row[]
}
/** The query builder both engines share; services take this, never an engine-specific type. */
export type Db = PgDatabase<RowsQueryResultHKT, Schema>

export interface Database {
  readonly db: Db
  readonly engine: 'pglite' | 'postgres'
  /** Runs a trivial query; used by /readyz. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** Wraps an open PGlite instance (embedded, or an in-memory clone in tests). */
export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema, casing: 'snake_case' }),
    engine: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  }
}

/** Wraps a PostgreSQL connection pool. */
export function fromPool(pool: pg.Pool): Database {
  return {
    db: drizzlePg({ client: pool, schema, casing: 'snake_case' }),
    engine: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  }
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in `dataDir/db`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir: string
}): Promise<Database> {
  if (options.databaseUrl) {
    return fromPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }))
  }
  const dir = join(options.dataDir, 'db')
  mkdirSync(dir, { recursive: true })
  return fromPglite(await PGlite.create(dir))
}
