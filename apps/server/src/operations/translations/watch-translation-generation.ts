import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/client.ts'
import { translationGeneration } from '../../platform/db/schema/translation-generation.ts'
import type { Translator } from '../../platform/i18n/translator.ts'

const CHECK_EVERY_MS = 1000

/**
 * Keeps this process's dictionary in step with edits made by another (WORKERS=N on PostgreSQL):
 * once a second it reads the generation number the `translations` trigger moves and reloads the
 * dictionary when it moved. PGlite has one process per data directory: the writer's own reload
 * suffices, so nothing runs there.
 */
export function watchTranslationGeneration(
  app: FastifyInstance,
  database: Database,
  translator: Translator,
): void {
  if (database.engine !== 'postgres') return
  let seen: number | null = null
  let timer: NodeJS.Timeout | null = null
  let checking = false
  const check = async () => {
    if (checking) return
    checking = true
    try {
      const [row] = await database.db
        .select({ value: translationGeneration.value })
        .from(translationGeneration)
        .where(eq(translationGeneration.id, 1))
      const value = row?.value ?? 0
      if (seen !== null && value !== seen) await translator.reload()
      seen = value
    } catch (error) {
      app.log.warn({ err: error }, 'could not check the dictionary for changes')
    } finally {
      checking = false
    }
  }
  app.addHook('onReady', async () => {
    await check()
    timer = setInterval(() => void check(), CHECK_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}
