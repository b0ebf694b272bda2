import { assertNodeVersion } from '../platform/node-version.ts'
import { loadEnv } from '../platform/env.ts'
import { openDatabase } from '../platform/db/client.ts'
import { migrate } from '../platform/db/migrate.ts'
import { rebuildProductIndex } from '../catalogue/product-index/rebuild-product-index.ts'
import { objects } from '../platform/db/schema/elements.ts'
import { recordObjectDependencies } from '../pim/objects/object-dependencies.ts'

/**
 * `npm run index:rebuild`: rebuilds the storefront's product index from the published objects and
 * what every object references (find-usages), e.g. after objects were written outside the API.
 */
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
  const ids = (await database.db.select({ id: objects.id }).from(objects)).map((row) => row.id)
  const references = await database.db.transaction((tx) => recordObjectDependencies(tx, ids))
  console.log(`Recorded ${references} references of ${ids.length} objects.`)
} finally {
  await database.close()
}
