import { assertNodeVersion } from '../platform/node-version.ts'
import { loadEnv } from '../platform/env.ts'
import { openDatabase } from '../platform/db/client.ts'
import { migrate } from '../platform/db/migrate.ts'

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
assertNodeVersion()
const env = loadEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
  await migrate(database)
  console.log(`Migrations applied (${database.engine}).`)
} finally {
  await database.close()
}
