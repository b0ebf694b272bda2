import { assertNodeVersion } from '../platform/node-version.ts'
import { loadEnv } from '../platform/env.ts'
import { openDatabase } from '../platform/db/client.ts'
import { migrate } from '../platform/db/migrate.ts'
import { rebuildProductIndex } from '../catalogue/product-index/rebuild-product-index.ts'

/** `npm run index:rebuild`: rebuilds the storefront's product index from the published objects. */
assertNodeVersion()
const env = loadEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
  await migrate(database)
  const started = performance.now()
  const result = await rebuildProductIndex(database.db, {
    onProgress: ({ done, total }) => console.log(`indexed ${done}/${total} products`),
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`Rebuilt the product index: ${result.done} products in ${seconds} s.`)
} finally {
  await database.close()
}
