import cluster from 'node:cluster'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { assertNodeVersion } from './platform/node-version.ts'
import { loadEnv, type Env } from './platform/env.ts'
import { openDatabase } from './platform/db/client.ts'
import { migrate } from './platform/db/migrate.ts'
import { withStartupLock } from './platform/db/startup-lock.ts'
import { createTranslator, syncCatalogue } from './platform/i18n/translator.ts'
import { buildApp } from './app.ts'
import { releaseMemoryWhenIdle } from './platform/memory/idle-release.ts'
import { catalogue } from '@optika/i18n/catalogue'
import { ensureDefaultDocumentTypes } from './cms/documents/default-document-types.ts'
import { ensureDefaultEmailDocuments } from './cms/mails/default-email-documents.ts'
import { ensureDefaultForumBoards } from './community/forum/default-forum-boards.ts'
import { ensureDefaultDocuments, ensureDemoLandingPages } from './cms/render/default-documents.ts'
import { ensureDefaultContactTopics } from './community/contact/contact-topics.ts'

/**
 * Starts the shop: checks Node, reads the configuration, opens and migrates the database, fills the
 * dictionary (and the demo catalogue when asked), then serves until SIGTERM/SIGINT. With WORKERS=N
 * (PostgreSQL only) this process forks N server processes that share the port and the database.
 */
async function main(): Promise<void> {
  assertNodeVersion()
  const env = loadEnv()
  if (env.WORKERS > 1 && cluster.isPrimary) return superviseWorkers(env)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  // Processes starting together take turns; the later ones find the database ready.
  await withStartupLock(database, async () => {
    await migrate(database)
    await syncCatalogue(database.db, catalogue)
    await ensureDefaultDocumentTypes(database.db)
    await ensureDefaultDocuments(database.db)
    // After the default documents: the e-mails go under the language roots.
    await ensureDefaultEmailDocuments(database.db)
    await ensureDefaultContactTopics(database.db)
    await ensureDefaultForumBoards(database.db)
    if (env.DEMO_DATA) {
      const { seedDemoData } = await import('./demo/seed-demo-data.ts')
      await seedDemoData(database, { dataDir: env.DATA_DIR, log: (msg) => console.log(msg) })
      await ensureDemoLandingPages(database.db)
      const { seedDemoForum } = await import('./demo/seed-demo-forum.ts')
      await seedDemoForum(database.db)
    }
  })
  const translator = await createTranslator(database.db)
  const app = await buildApp({
    env,
    database,
    translator,
    adminDistDir: fileURLToPath(new URL('../../admin/dist', import.meta.url)),
    storefrontBuildDir: fileURLToPath(new URL('../../storefront/build', import.meta.url)),
  })

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
    // The database closes after the app, whose job queue hands unfinished jobs back on close.
    app
      .close()
      .then(() => database.close())
      .then(
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
  // V8 lets the old generation grow to several times what is alive before collecting it; under
  // steady traffic the request garbage then keeps a server at 1 GiB for 300 MiB of live data.
  // Growing the limit by a quarter of the live size keeps memory flat (decision 068). Set once
  // the server listens: while it starts, the heap only grows, and collecting at every quarter
  // took a fifth of the start (decision 070).
  setFlagsFromString('--heap-growing-percent=25')
  // What a burst of traffic left behind goes back to the system once the burst is over (078).
  releaseMemoryWhenIdle(app.server, ({ rssBefore, rssAfter, ms }) =>
    app.log.info(
      { rssBeforeMiB: mebibytes(rssBefore), rssAfterMiB: mebibytes(rssAfter), ms: Math.round(ms) },
      'idle: memory released',
    ),
  )
}

const mebibytes = (bytes: number) => Math.round(bytes / 1024 / 1024)

/**
 * The primary of WORKERS=N: forks N server processes sharing the port, replaces one that dies,
 * and on SIGTERM/SIGINT stops them all and exits when they have.
 */
function superviseWorkers(env: Env): void {
  // The workers run what this process was started with: `npm start`'s bundle, or the sources.
  cluster.setupPrimary({
    exec: process.argv[1] ?? fileURLToPath(new URL('./main.ts', import.meta.url)),
  })
  let stopping = false
  const fork = () => cluster.fork()
  for (let i = 0; i < env.WORKERS; i += 1) fork()
  // A process that cannot start (no database, bad configuration) is not restarted in a loop.
  const recentExits: number[] = []
  console.log(`serving with ${env.WORKERS} processes on port ${env.PORT}`)
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    const now = Date.now()
    recentExits.push(now)
    while (recentExits[0]! < now - 60_000) recentExits.shift()
    if (recentExits.length > env.WORKERS * 3) {
      console.error('server processes keep ending; stopping')
      process.exit(1)
    }
    console.error(
      `server process ${worker.process.pid} ended (${signal ?? code}); starting another`,
    )
    fork()
  })
  const stop = () => {
    if (stopping) return
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 5_000).unref()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
