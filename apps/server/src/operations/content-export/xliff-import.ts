import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { z } from 'zod'
import {
  CONTENT_ELEMENT_TYPES,
  XLIFF_VERSIONS,
  type XliffImportElementBody,
  type XliffImportResult,
  type XliffImportUpload,
} from '@optika/domain/operations/content-export'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { writeAppLog } from '../../platform/app-log/write-app-log.ts'
import type { JobFileStore } from '../../platform/jobs/job-files.ts'
import { saveDocument } from '../../cms/content/save-document.ts'
import { saveObject } from '../../pim/objects/save-object.ts'
import { loadDocumentContent, loadObjectTexts, translationIn } from './content-elements.ts'
import {
  documentTextAt,
  objectTextAt,
  parseUnitId,
  setDocumentText,
  type ParsedUnitId,
} from './translatable-texts.ts'
import { parseXliff } from './xliff-files.ts'

/** What an upload keeps until its elements are imported: the units grouped by element. */
const StoredImportSchema = z.object({
  ownerId: z.number().int(),
  version: z.enum(XLIFF_VERSIONS),
  source: z.enum(LOCALES),
  target: z.enum(LOCALES),
  steps: z.array(
    z.object({
      type: z.enum(CONTENT_ELEMENT_TYPES),
      id: z.number().int(),
      units: z.array(z.object({ id: z.string(), target: z.string() })),
    }),
  ),
})
type StoredImport = z.infer<typeof StoredImportSchema>

/** The file store key of an upload; unguessable, and checked against its owner when read. */
const importKey = (id: string) => `content-imports/${id}.json`

/**
 * POST …/xliff-import-upload: reads an XLIFF 1.2/2.0 file (refusing DOCTYPEs, entities, other
 * encodings, malformed XML), groups its translated units by element and keeps them in the file
 * store under a new id; each element is then imported by one xliff-import-element call. Units
 * whose id is not one of ours are ignored; a file with none of ours is a 400. Nothing is
 * written to any element here.
 */
export async function uploadXliff(
  ctx: AdminContext,
  files: JobFileStore,
  bytes: Buffer,
): Promise<XliffImportUpload> {
  const parsed = await parseXliff(bytes)
  const byElement = new Map<string, StoredImport['steps'][number]>()
  for (const unit of parsed.units) {
    const place = parseUnitId(unit.id)
    if (!place) continue
    const key = `${place.type}:${place.id}`
    let step = byElement.get(key)
    if (!step) {
      step = { type: place.type, id: place.id, units: [] }
      byElement.set(key, step)
    }
    step.units.push({ id: unit.id, target: unit.target })
  }
  if (byElement.size === 0) {
    throw new AppError(400, 'XLIFF_NO_UNITS', 'contentExport.xliffNoUnits')
  }
  const id = randomUUID()
  const stored: StoredImport = {
    ownerId: ctx.admin.userId,
    version: parsed.version,
    source: parsed.source,
    target: parsed.target,
    steps: [...byElement.values()],
  }
  await files.put(importKey(id), Buffer.from(JSON.stringify(stored)), 'application/json')
  await recordAudit(ctx.db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    action: 'contentExport.xliffUpload',
    entityType: 'contentImport',
    entityId: id,
    after: {
      version: parsed.version,
      source: parsed.source,
      target: parsed.target,
      elements: stored.steps.length,
      units: parsed.units.length,
    },
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
  return {
    success: true,
    id,
    version: parsed.version,
    total: stored.steps.length,
    steps: stored.steps.map((step, index) => ({
      step: index,
      type: step.type,
      id: step.id,
      language: parsed.target,
      units: step.units.length,
    })),
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** The caller's stored upload, or 404 (someone else's is not found either). */
async function readStoredImport(
  ctx: AdminContext,
  files: JobFileStore,
  id: string,
): Promise<StoredImport> {
  const stream = await files.get(importKey(id))
  if (!stream) throw notFound('contentExport.importNotFound')
  const stored = StoredImportSchema.safeParse(JSON.parse((await readAll(stream)).toString('utf8')))
  if (!stored.success || stored.data.ownerId !== ctx.admin.userId) {
    throw notFound('contentExport.importNotFound')
  }
  return stored.data
}

type Json = Record<string, unknown>

/**
 * POST …/xliff-import-element: imports one element of an upload as a new version — never
 * published: a document's translation in the target language (itself when it is in that
 * language) through the documents' save path, an object's localized fields through the
 * objects' save path, so rights, the edit lock, validation and sanitizing (wysiwyg HTML) apply
 * as in the editors. Texts equal to the current ones write nothing. A refusal (rights, lock,
 * invalid text, no translation) is this element's result, not an error of the call.
 */
export async function importXliffElement(
  ctx: AdminContext,
  files: JobFileStore,
  input: XliffImportElementBody,
): Promise<XliffImportResult> {
  const stored = await readStoredImport(ctx, files, input.id)
  const step = stored.steps[Number(input.step)]
  if (!step) throw notFound('contentExport.importNotFound')
  const base: XliffImportResult = {
    success: false,
    type: step.type,
    id: step.id,
    targetId: null,
    path: null,
    language: stored.target,
    changed: 0,
    skipped: [],
    versionCount: null,
    message: null,
  }
  const units = step.units
    .map((unit) => ({ place: parseUnitId(unit.id), unit }))
    .filter(
      (u): u is { place: ParsedUnitId; unit: (typeof step.units)[number] } =>
        u.place !== null && u.place.type === step.type && u.place.id === step.id,
    )
  try {
    const result =
      step.type === 'document'
        ? await importDocument(ctx, step.id, stored.source, stored.target, units, base)
        : await importObject(ctx, step.id, stored.target, units, base)
    await recordAudit(ctx.db, {
      actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
      action: 'contentExport.xliffImport',
      entityType: step.type,
      entityId: result.targetId ?? step.id,
      after: {
        import: input.id,
        language: stored.target,
        changed: result.changed,
        skipped: result.skipped.length,
        versionCount: result.versionCount,
      },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return result
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const message = ctx.t(error.key, error.params)
    await writeAppLog(ctx.db, {
      priority: 'warning',
      component: 'import.xliff',
      message: `XLIFF import into ${step.type} ${String(step.id)} refused: ${message}`,
      context: { import: input.id, language: stored.target, code: error.code },
      element: { type: step.type, id: step.id },
      fileObject: units.map((u) => u.unit.id).join('\n'),
      requestId: ctx.requestId,
      source: 'xliff-import',
    })
    return { ...base, message }
  }
}

type PlacedUnit = { place: ParsedUnitId; unit: { id: string; target: string } }

async function importDocument(
  ctx: AdminContext,
  sourceId: number,
  sourceLanguage: Locale,
  target: Locale,
  units: readonly PlacedUnit[],
  base: XliffImportResult,
): Promise<XliffImportResult> {
  const source = await loadDocumentContent(ctx.db, sourceId)
  if (!source) {
    return { ...base, message: ctx.t('contentExport.elementGone') }
  }
  const targetId = await translationIn(ctx.db, sourceId, source.language ?? sourceLanguage, target)
  const sourcePath = source.row.parentId === null ? '/' : `${source.row.path}${source.row.key}`
  if (targetId === null) {
    return {
      ...base,
      path: sourcePath,
      message: ctx.t('contentExport.noTranslation', { path: sourcePath, language: target }),
    }
  }
  const current = targetId === sourceId ? source : await loadDocumentContent(ctx.db, targetId)
  if (!current) return { ...base, message: ctx.t('contentExport.elementGone') }
  const path = current.row.parentId === null ? '/' : `${current.row.path}${current.row.key}`
  const editables = structuredClone(current.content.editables) as Json
  const settings: Json = {}
  const skipped: string[] = []
  let changed = 0
  for (const { place, unit } of units) {
    const before = documentTextAt(editables, current.content.settings, place)
    if (before === unit.target) continue
    if (setDocumentText(editables, settings, source.content, place, unit.target)) changed += 1
    else skipped.push(unit.id)
  }
  if (changed === 0) return { ...base, success: true, targetId, path, skipped }
  const saved = await saveDocument(ctx, {
    id: targetId,
    task: 'version',
    data: { editables, ...(Object.keys(settings).length > 0 ? { settings } : {}) },
    note: ctx.t('contentExport.versionNote'),
  })
  return {
    ...base,
    success: true,
    targetId,
    path,
    changed,
    skipped,
    versionCount: saved.versionCount,
  }
}

async function importObject(
  ctx: AdminContext,
  id: number,
  target: Locale,
  units: readonly PlacedUnit[],
  base: XliffImportResult,
): Promise<XliffImportResult> {
  const loaded = await loadObjectTexts(ctx.db, id)
  if (!loaded) return { ...base, message: ctx.t('contentExport.elementGone') }
  const path = `${loaded.row.path}${loaded.row.key}`
  const fields = new Set(loaded.fields.map((f) => f.name))
  const patch: Json = {}
  const skipped: string[] = []
  let changed = 0
  for (const { place, unit } of units) {
    const field = place.path[0]!
    if (place.kind !== 'field' || place.path.length !== 1 || !fields.has(field)) {
      skipped.push(unit.id)
      continue
    }
    if (objectTextAt(loaded.data, field, target) === unit.target) continue
    const byLanguage = (patch[field] ?? loaded.data[field] ?? {}) as Json
    patch[field] = { ...byLanguage, [target]: unit.target }
    changed += 1
  }
  if (changed === 0) return { ...base, success: true, targetId: id, path, skipped }
  const saved = await saveObject(ctx, { id, data: patch, merge: true, task: 'version' })
  return {
    ...base,
    success: true,
    targetId: id,
    path,
    changed,
    skipped,
    versionCount: saved.versionCount,
  }
}
