import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { catalogue } from '@optika/i18n/catalogue'
import { buildApp, type AppDeps } from '../src/app.ts'
import type { Database } from '../src/platform/db/client.ts'
import { loadEnv } from '../src/platform/env.ts'
import {
  createTranslator,
  syncCatalogue,
  type Translator,
} from '../src/platform/i18n/translator.ts'
import { createTestDatabase } from './test-database.ts'
import { createJobQueue, type JobQueue } from '../src/platform/jobs/job-queue.ts'
import { ensureDefaultDocuments } from '../src/cms/render/default-documents.ts'

export interface TestApp {
  readonly app: FastifyInstance
  readonly database: Database
  readonly translator: Translator
  readonly dataDir: string
  /** The app's job queue (started with the app; its workers run the app's jobs). */
  readonly jobs: JobQueue
  close(): Promise<void>
}

/**
 * The real application on its own test database with the translation catalogue loaded.
 * `configure` may add routes before the app is ready (e.g. a route that fails on purpose).
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>
    deps?: Partial<AppDeps>
    /** PostgreSQL only: pool connections, for tests that run many requests at once. */
    maxConnections?: number
    configure?: (app: FastifyInstance) => void
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ maxConnections: options.maxConnections })
  await syncCatalogue(database.db, catalogue)
  await ensureDefaultDocuments(database.db)
  const translator = await createTranslator(database.db)
  const dataDir = mkdtempSync(join(tmpdir(), 'optika-app-'))
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env })
  const jobs =
    options.deps?.jobs ??
    createJobQueue(options.deps?.database ?? database, { stopTimeoutMs: 2_000 })
  const app = await buildApp({ env, database, translator, jobs, ...options.deps })
  options.configure?.(app)
  await app.ready()
  return {
    app,
    database,
    translator,
    dataDir,
    jobs,
    async close() {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
