import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import type { Database } from '../../platform/db/client.ts'
import { createChangeSignals } from '../../platform/db/change-signals.ts'
import { translations } from '../../platform/db/schema/translations.ts'
import {
  createTranslator,
  syncCatalogue,
  TRANSLATIONS_CHANGED,
} from '../../platform/i18n/translator.ts'
import { createTestDatabase } from '../../../test/test-database.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
  await syncCatalogue(database.db, catalogue)
})
afterAll(async () => {
  await database.close()
})

describe('another process’s dictionary', () => {
  it('reloads when a text changes elsewhere, whoever wrote it', async () => {
    // "Another process": its own translator and signals on the same database, as with WORKERS=N.
    const other = await createTranslator(database.db)
    const signals = createChangeSignals(database, { pollMs: 60_000 })
    signals.on(TRANSLATIONS_CHANGED, () => other.reload())
    await signals.start()
    try {
      const before = other.dictionary('hu').etag
      // A plain UPDATE, as a script would write it: the table's trigger moves the signal.
      await database.db
        .update(translations)
        .set({ text: 'Nincs itt semmi.' })
        .where(and(eq(translations.key, 'list.noItems'), eq(translations.locale, 'hu')))
      expect(other.t('hu', 'list.noItems')).not.toBe('Nincs itt semmi.')
      await signals.sync()
      expect(other.t('hu', 'list.noItems')).toBe('Nincs itt semmi.')
      expect(other.dictionary('hu').etag).not.toBe(before)
    } finally {
      await signals.stop()
    }
  })
})
