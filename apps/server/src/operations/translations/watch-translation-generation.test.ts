import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { and, eq } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import type { Database } from '../../platform/db/client.ts'
import { translations } from '../../platform/db/schema/translations.ts'
import { createTranslator, syncCatalogue } from '../../platform/i18n/translator.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { watchTranslationGeneration } from './watch-translation-generation.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
  await syncCatalogue(database.db, catalogue)
})
afterAll(async () => {
  await database.close()
})

describe('another process’s dictionary', () => {
  it('reloads within a second or two when a text changes elsewhere', async () => {
    // "Another process": its own translator and app on the same database, as with WORKERS=N
    // on PostgreSQL (the watcher runs only there; here it is told it is).
    const other = await createTranslator(database.db)
    const app = Fastify({ logger: false })
    watchTranslationGeneration(app, { ...database, engine: 'postgres' }, other)
    await app.ready()
    try {
      const before = other.dictionary('hu').etag
      await database.db
        .update(translations)
        .set({ text: 'Nincs itt semmi.' })
        .where(and(eq(translations.key, 'list.noItems'), eq(translations.locale, 'hu')))
      await expect
        .poll(() => other.t('hu', 'list.noItems'), { timeout: 5_000, interval: 100 })
        .toBe('Nincs itt semmi.')
      expect(other.dictionary('hu').etag).not.toBe(before)
    } finally {
      await app.close()
    }
  })
})
