import { assertNodeVersion } from '../platform/node-version.ts'
import { loadEnv } from '../platform/env.ts'
import { openDatabase } from '../platform/db/client.ts'
import { migrate } from '../platform/db/migrate.ts'
import { seedDemoData } from '../demo/seed-demo-data.ts'

/** `npm run seed`: migrates, then seeds the demo catalogue and accounts into an empty database. */
assertNodeVersion()
const env = loadEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
  await migrate(database)
  const result = await seedDemoData(database, {
    dataDir: env.DATA_DIR,
    log: (msg) => console.log(msg),
  })
  if (result.seeded) {
    console.log(
      `Seeded the demo shop (${database.engine}); pictures are in ${env.DATA_DIR}/assets.`,
    )
  } else {
    console.log('The database already holds objects; nothing was seeded.')
  }
} finally {
  await database.close()
}
