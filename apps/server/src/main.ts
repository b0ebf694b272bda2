import { fileURLToPath } from 'node:url'
import { assertNodeVersion } from './platform/node-version.ts'
import { loadEnv } from './platform/env.ts'
import { openDatabase } from './platform/db/client.ts'
import { migrate } from './platform/db/migrate.ts'
import { failInterruptedJobs } from './platform/jobs/start-job.ts'
import { createTranslator, syncCatalogue } from './platform/i18n/translator.ts'
import { buildApp } from './app.ts'
import { catalogue } from '@optika/i18n/catalogue'

/**
 * Starts the shop: checks Node, reads the configuration, opens and migrates the database, fills the
 * dictionary (and the demo catalogue when asked), then serves until SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  assertNodeVersion()
  const env = loadEnv()
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  await migrate(database)
  // A job a previous process left running can never finish.
  await failInterruptedJobs(database.db)
  await syncCatalogue(database.db, catalogue)
  if (env.DEMO_DATA) {
    const { seedDemoData } = await import('./demo/seed-demo-data.ts')
    await seedDemoData(database, { dataDir: env.DATA_DIR, log: (msg) => console.log(msg) })
  }
  const translator = await createTranslator(database.db)
  const app = await buildApp({
    env,
    database,
    translator,
    adminDistDir: fileURLToPath(new URL('../../admin/dist', import.meta.url)),
    storefrontBuildDir: fileURLToPath(new URL('../../storefront/build', import.meta.url)),
  })
  app.addHook('onClose', () => database.close())

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, env.SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.once('SIGINT', () => stop('SIGINT'))

  await app.listen({ host: env.HOST, port: env.PORT })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
