import { mkdtempSync } from 'node:fs'
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

export interface TestApp {
  readonly app: FastifyInstance
  readonly database: Database
  readonly translator: Translator
  readonly dataDir: string
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
    configure?: (app: FastifyInstance) => void
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  await syncCatalogue(database.db, catalogue)
  const translator = await createTranslator(database.db)
  const dataDir = mkdtempSync(join(tmpdir(), 'optika-app-'))
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env })
  const app = await buildApp({ env, database, translator, ...options.deps })
  options.configure?.(app)
  await app.ready()
  return {
    app,
    database,
    translator,
    dataDir,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
