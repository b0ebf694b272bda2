import { fileURLToPath } from 'node:url'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { Database } from './client.ts'

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/** Applies pending SQL migrations; the same files run on PGlite and PostgreSQL. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER }
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config)
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, config)
  }
}
