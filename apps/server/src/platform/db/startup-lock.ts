import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'

/** The advisory lock every starting server process takes for migrations and seeding. */
const STARTUP_LOCK = 7_310_201

/**
 * Runs start-up work (migrations, the dictionary, demo data) in one process at a time: several
 * processes starting together on one PostgreSQL database wait for each other here, and the later
 * ones find the work done. The lock is a transaction-scoped advisory lock held on one pooled
 * connection while `work` runs on others; it is released however the work ends, even if the
 * process dies. PGlite has a single process and needs no lock.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite') return work()
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`)
    return work()
  })
}
