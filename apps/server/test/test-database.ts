import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { createPool, fromPglite, fromPool, type Database } from '../src/platform/db/client.ts'
import { migrate } from '../src/platform/db/migrate.ts'

/**
 * Environment variables the global set-up (test/global-setup.ts) passes to test files:
 * a dump of a migrated PGlite data dir, and, on PostgreSQL runs, the migrated template database.
 */
export const TEMPLATE_DUMP_ENV = 'OPTIKA_TEST_TEMPLATE_DUMP'
export const TEMPLATE_DATABASE = 'optika_test_template'

/**
 * Gives a test file its own freshly migrated database: an in-memory PGlite loaded from a
 * migrated template (about 0.5 s), or with TEST_DATABASE_URL a new PostgreSQL database cloned
 * from the migrated template database. `close()` discards it.
 */
export async function createTestDatabase(
  options: {
    /** PostgreSQL only: connections for tests that need many transactions at once. */
    readonly maxConnections?: number
  } = {},
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  return serverUrl
    ? createPostgresDatabase(serverUrl, options.maxConnections ?? 4)
    : createPgliteDatabase()
}

async function createPgliteDatabase(): Promise<Database> {
  const dump = process.env[TEMPLATE_DUMP_ENV]
  if (!dump) {
    // Run outside the suite's global set-up (e.g. a single file by hand): migrate from scratch.
    const database = fromPglite(await PGlite.create())
    await migrate(database)
    return database
  }
  return fromPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(dump)]) }))
}

async function createPostgresDatabase(
  serverUrl: string,
  maxConnections: number,
): Promise<Database> {
  const name = `optika_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  // The server's own pool (prepared statements and all), on the test's database.
  const database = fromPool(createPool(url.toString(), { max: maxConnections }))
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      try {
        // pool.end() resolves before its clients' sockets have closed; killing them mid-close
        // would surface as an uncaught "terminating connection" error, so wait for them first.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await cleanup.query<{ open: number }>(
            'select count(*)::int as open from pg_stat_activity where datname = $1',
            [name],
          )
          if ((rows[0]?.open ?? 0) === 0) break
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        await cleanup.query(`drop database if exists ${name} with (force)`)
      } finally {
        await cleanup.end()
      }
    },
  }
}
