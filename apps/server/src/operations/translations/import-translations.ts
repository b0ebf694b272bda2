import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { inArray } from 'drizzle-orm'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { ImportChange, ImportPreview } from '@optika/domain/operations/translations'
import type { Db } from '../../platform/db/client.ts'
import { translations } from '../../platform/db/schema/translations.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { writeAppLog } from '../../platform/app-log/write-app-log.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import {
  readTranslationFile,
  sniffTranslationFile,
  type FileDialect,
  type ImportRow,
} from './read-translation-file.ts'
import { auditTranslationChange, upsertTexts, type TranslationDeps } from './translation-grid.ts'

/** The largest import accepted (the issue asks for 50 MB, streamed). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024
/** An uploaded file waits this long for its preview to be applied. */
const KEEP_UPLOAD_MS = 60 * 60 * 1000
const BATCH = 500
const PREVIEW_CHANGES = 200

/** Where uploaded imports wait between preview and apply, under the data directory. */
export function importDir(dataDir: string): string {
  return join(dataDir, 'imports', 'translations')
}

interface StoredImport {
  readonly dialect: FileDialect
  readonly adminUserId: number
}

/** What the database holds for a batch of keys: text and date per key and language. */
type Current = Map<string, Map<Locale, { text: string; updatedAt: Date }>>

async function readCurrent(db: Db, keys: readonly string[]): Promise<Current> {
  const rows = await db
    .select({
      key: translations.key,
      locale: translations.locale,
      text: translations.text,
      updatedAt: translations.updatedAt,
    })
    .from(translations)
    .where(inArray(translations.key, [...keys]))
  const current: Current = new Map()
  for (const row of rows) {
    let byLocale = current.get(row.key)
    if (!byLocale)
      current.set(row.key, (byLocale = new Map<Locale, { text: string; updatedAt: Date }>()))
    byLocale.set(row.locale as Locale, { text: row.text, updatedAt: row.updatedAt })
  }
  return current
}

/** A text of the file compared with the database's. */
interface Comparison {
  readonly key: string
  readonly locale: Locale
  readonly before: string | null
  readonly after: string
  /** What `merge` writes: the text is missing here, or the file's row is newer. */
  readonly mergeable: boolean
}

function compare(row: ImportRow, current: Current): Comparison[] {
  const here = current.get(row.key)
  return LOCALES.flatMap((locale) => {
    const after = row.texts[locale]
    if (after === undefined) return []
    const existing = here?.get(locale)
    const before = existing?.text ?? null
    const mergeable =
      !before ||
      (row.modifiedAt !== null && existing !== undefined && row.modifiedAt > existing.updatedAt)
    return [{ key: row.key, locale, before, after, mergeable }]
  })
}

/** Reads the file in batches of keys, each compared with what the database holds. */
async function* compareFile(
  db: Db,
  path: string,
  dialect: FileDialect,
): AsyncGenerator<{ rows: number; comparisons: Comparison[] }> {
  let batch: ImportRow[] = []
  const flush = async () => {
    const current = await readCurrent(
      db,
      batch.map((r) => r.key),
    )
    const result = { rows: batch.length, comparisons: batch.flatMap((r) => compare(r, current)) }
    batch = []
    return result
  }
  for await (const row of readTranslationFile(path, dialect)) {
    batch.push(row)
    if (batch.length >= BATCH) yield await flush()
  }
  if (batch.length > 0) yield await flush()
}

/** Deletes uploads nobody applied within the hour. */
async function sweepOldUploads(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  const now = Date.now()
  for (const name of names) {
    const info = await stat(join(dir, name)).catch(() => null)
    if (info && now - info.mtimeMs > KEEP_UPLOAD_MS) await rm(join(dir, name), { force: true })
  }
}

/**
 * Receives an import file (streamed to disk, never held whole), reads it once to compare with
 * the dictionary and answers the preview: counts and the first changes as a diff. Nothing is
 * written to the dictionary; `applyImport` does that with the returned id.
 */
export async function previewImport(
  ctx: AdminContext,
  dataDir: string,
  upload: Readable & { truncated?: boolean },
): Promise<ImportPreview> {
  const dir = importDir(dataDir)
  await mkdir(dir, { recursive: true })
  await sweepOldUploads(dir)
  const importId = randomUUID()
  const path = join(dir, `${importId}.upload`)
  try {
    await pipeline(upload, createWriteStream(path))
    if (upload.truncated)
      throw new AppError(413, 'FILE_TOO_LARGE', 'adminTranslations.error.tooLarge')
    const dialect = await sniffTranslationFile(path)
    const preview = {
      added: 0,
      changed: 0,
      unchanged: 0,
      mergeable: 0,
      rows: 0,
      changes: [] as ImportChange[],
    }
    const locales = new Set<Locale>()
    for await (const { rows, comparisons } of compareFile(ctx.db, path, dialect)) {
      preview.rows += rows
      for (const c of comparisons) {
        locales.add(c.locale)
        if (c.before === c.after) preview.unchanged += 1
        else {
          if (c.before === null || c.before === '') preview.added += 1
          else preview.changed += 1
          if (c.mergeable) preview.mergeable += 1
          if (preview.changes.length < PREVIEW_CHANGES) {
            preview.changes.push({ key: c.key, locale: c.locale, before: c.before, after: c.after })
          }
        }
      }
    }
    const stored: StoredImport = { dialect, adminUserId: ctx.admin.userId }
    await writeFile(join(dir, `${importId}.json`), JSON.stringify(stored))
    return {
      success: true,
      importId,
      ...dialect,
      locales: LOCALES.filter((l) => locales.has(l)),
      ...preview,
    }
  } catch (error) {
    await rm(path, { force: true })
    const refusal =
      (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
        ? new AppError(413, 'FILE_TOO_LARGE', 'adminTranslations.error.tooLarge')
        : error
    if (refusal instanceof AppError) {
      await writeAppLog(ctx.db, {
        priority: 'warning',
        component: 'import.translations',
        message: `Translations import refused: ${ctx.t(refusal.key, refusal.params)}`,
        context: { code: refusal.code, key: refusal.key, params: refusal.params },
        requestId: ctx.requestId,
        source: 'import-translations',
      })
    }
    throw refusal
  }
}

/**
 * Applies a previewed import in one transaction — every text or none: all its changed texts, or
 * with `merge` only those missing here or newer in the file. The upload is deleted afterwards.
 */
export async function applyImport(
  ctx: AdminContext,
  deps: TranslationDeps,
  dataDir: string,
  input: { importId: string; merge: boolean },
): Promise<{ success: true; written: number }> {
  const dir = importDir(dataDir)
  const path = join(dir, `${input.importId}.upload`)
  const stored = await readFile(join(dir, `${input.importId}.json`), 'utf8')
    .then((text) => JSON.parse(text) as StoredImport)
    .catch(() => null)
  if (!stored || stored.adminUserId !== ctx.admin.userId) {
    throw new AppError(404, 'IMPORT_NOT_FOUND', 'adminTranslations.error.importNotFound')
  }
  const written = await ctx.db.transaction(async (tx) => {
    let count = 0
    for await (const { comparisons } of compareFile(tx, path, stored.dialect)) {
      const rows = comparisons.filter((c) => c.before !== c.after && (!input.merge || c.mergeable))
      count += await upsertTexts(
        tx,
        rows.map(({ key, locale, after }) => ({ key, locale, text: after })),
      )
    }
    await auditTranslationChange(tx, ctx, {
      action: input.merge ? 'translation.merge' : 'translation.import',
      entityId: null,
      after: { written: count, format: stored.dialect.format },
    })
    return count
  })
  await rm(path, { force: true })
  await rm(join(dir, `${input.importId}.json`), { force: true })
  await deps.translator.reload()
  await writeAppLog(ctx.db, {
    priority: 'info',
    component: 'import.translations',
    message: `Translations imported: ${String(written)} texts written`,
    context: { written, merge: input.merge, format: stored.dialect.format },
    requestId: ctx.requestId,
    source: 'import-translations',
  })
  return { success: true, written }
}
