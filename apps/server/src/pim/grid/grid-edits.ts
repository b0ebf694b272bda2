import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import {
  isSystemColumn,
  type BatchUpdate,
  type GridRow,
  type GridUpdate,
  type ImportOptions,
  type JobItemError,
} from '@optika/domain/pim/grid-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { jobFileKey, type JobFileStore } from '../../platform/jobs/job-files.ts'
import { defineTrackedJob, startJob, type JobHandle } from '../../platform/jobs/start-job.ts'
import {
  jobItemMessage,
  type GridJobDeps,
  type GridJobHandlerDeps,
} from '../../elements/grid/grid-jobs.ts'
import { assertClassAllowed } from '../objects/class-access.ts'
import { saveObject } from '../objects/save-object.ts'
import { isEditableField, loadGridClass, type GridClass, type GridField } from './grid-class.ts'
import { selectGridIds, toGridRow } from './grid-rows.ts'
import { parseCellValue, patchForValue } from './grid-values.ts'

type ObjectRow = typeof objects.$inferSelect

async function readObject(db: Db, id: number): Promise<ObjectRow> {
  const [row] = await db.select().from(objects).where(eq(objects.id, id))
  if (!row || row.type === 'folder' || !row.classId) throw notFound('pimGrid.objectNotFound')
  return row
}

function editableField(cls: GridClass, name: string): GridField {
  const field = cls.fieldByName.get(name)
  if (!field) throw new AppError(400, 'UNKNOWN_COLUMN', 'pimGrid.unknownColumn', { column: name })
  if (!isEditableField(field)) {
    throw new AppError(400, 'NOT_EDITABLE', 'pimGrid.notEditable', { column: name })
  }
  return field
}

/** How a grid edit is saved: a published object stays published with the new values. */
function taskFor(row: ObjectRow, publish: boolean): 'publish' | 'save' {
  return publish && row.published ? 'publish' : 'save'
}

function patchOf(
  cls: GridClass,
  row: ObjectRow,
  values: Readonly<Record<string, unknown>>,
  language: Locale,
): Record<string, unknown> {
  const current = (row.data ?? {}) as Record<string, unknown>
  let patch: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    patch = { ...patch, ...patchForValue(editableField(cls, name), current, value, language) }
  }
  return patch
}

/** One object's values for the grid's columns (GET load-object-data); needs `view` on it. */
export async function loadObjectData(
  ctx: AdminContext,
  input: { id: number; language?: Locale | undefined },
): Promise<GridRow> {
  const row = await readObject(ctx.db, input.id)
  const rights = await loadElementRights(ctx.db, ctx.admin)
  if (!rights.may('object', row.path + row.key, 'view')) throw notFound('pimGrid.objectNotFound')
  const cls = await loadGridClass(ctx.db, row.classId!)
  return toGridRow(cls, row, input.language ?? ctx.locale, (key) => ctx.t(key))
}

/** Inline edit of one row (PUT grid-proxy), saved through saveObject (rights, validation, version, index). */
export async function updateGridRow(ctx: AdminContext, input: GridUpdate): Promise<GridRow> {
  const row = await readObject(ctx.db, input.id)
  const cls = await loadGridClass(ctx.db, row.classId!)
  const patch = patchOf(cls, row, input.values, input.language)
  await saveObject(ctx, { id: row.id, data: patch, merge: true, task: taskFor(row, true) })
  const saved = await readObject(ctx.db, input.id)
  return toGridRow(cls, saved, input.language, (key) => ctx.t(key))
}

/** What a batch update job is started with. */
interface BatchParams {
  readonly ids: number[]
  readonly field: string
  readonly value: unknown
  readonly language: Locale
  readonly publish: boolean
  readonly locale: string
}

/**
 * Sets one field to one value on many objects as a job: each object is saved on its own through
 * saveObject, so one failure (rights, validation, lock) is reported and the others still go in.
 */
export async function startBatchUpdate(
  ctx: AdminContext,
  deps: GridJobDeps,
  input: BatchUpdate,
): Promise<{ jobId: string }> {
  if (!input.ids && !input.selection) {
    throw new AppError(400, 'NO_OBJECTS', 'pimGrid.batchNoObjects')
  }
  if (input.selection) {
    // Refuse a field the class lacks before any work starts.
    editableField(await loadGridClass(ctx.db, input.selection.classId), input.field)
  }
  const ids = input.ids ?? (await selectGridIds(ctx, input.selection!)).ids
  const params: BatchParams = {
    ids,
    field: input.field,
    value: input.value,
    language: input.language,
    publish: input.publish,
    locale: ctx.locale,
  }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: 'batch-update',
    ownerId: ctx.admin.userId,
    total: ids.length,
    params: { ...params, count: ids.length },
  })
  return { jobId: id }
}

async function runBatchUpdate(
  deps: GridJobHandlerDeps,
  job: JobHandle<BatchParams>,
): Promise<Record<string, unknown>> {
  const input = job.params
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: input.locale,
    jobId: job.id,
  })
  const errors: JobItemError[] = []
  let updated = 0
  const classes = new Map<string, GridClass>()
  for (const [index, objectId] of input.ids.entries()) {
    try {
      const row = await readObject(ctx.db, objectId)
      const classId = row.classId!
      const cls = classes.get(classId) ?? (await loadGridClass(ctx.db, classId))
      classes.set(classId, cls)
      const patch = patchOf(cls, row, { [input.field]: input.value }, input.language)
      await saveObject(ctx, {
        id: row.id,
        data: patch,
        merge: true,
        task: taskFor(row, input.publish),
      })
      updated += 1
    } catch (error) {
      errors.push({ id: objectId, message: jobItemMessage(ctx, error, deps.log) })
    }
    job.progress(index + 1)
  }
  return { updated, created: 0, failed: errors.length, errors }
}

/** A CSV file's rows as arrays; the delimiter (comma or semicolon) is taken from the header. */
async function readCsv(file: Buffer): Promise<string[][]> {
  const { parse } = await import('csv-parse/sync')
  const text = file.toString('utf8').replace(/^\ufeff/, '')
  const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  try {
    const rows: string[][] = parse(text, {
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
    })
    return rows
  } catch {
    throw new AppError(400, 'BAD_CSV', 'pimGrid.importBadCsv')
  }
}

async function folderFullPath(db: Db, folderId: number): Promise<string> {
  const [folder] = await db.select().from(objects).where(eq(objects.id, folderId))
  if (!folder || folder.type !== 'folder') throw notFound('pimGrid.folderNotFound')
  return folder.path + folder.key
}

/** The object a key names below the folder: a direct child first, else the first in path order. */
async function findByKey(
  db: Db,
  folderId: number,
  prefix: string,
  classId: string,
  key: string,
): Promise<ObjectRow | undefined> {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const [row] = await db
    .select()
    .from(objects)
    .where(
      sql`${objects.key} = ${key} and ${objects.classId} = ${classId} and ${objects.type} <> 'folder' and ${objects.path} like ${like}`,
    )
    .orderBy(sql`(${objects.parentId} = ${folderId}) desc`, objects.path)
    .limit(1)
  return row
}

/** What a CSV import job is started with; the file itself waits in the file store. */
interface ImportParams {
  readonly options: ImportOptions
  readonly locale: string
  readonly rows: number
}

/** How an import reads its file: the key column, the columns mapped to fields, those ignored. */
interface ImportPlan {
  readonly rows: string[][]
  readonly keyIndex: number
  readonly mapped: { index: number; field: GridField }[]
  readonly ignored: string[]
}

async function planImport(
  cls: GridClass,
  options: ImportOptions,
  file: Buffer,
): Promise<ImportPlan> {
  const [header, ...rows] = await readCsv(file)
  if (!header) throw new AppError(400, 'BAD_CSV', 'pimGrid.importBadCsv')
  const keyIndex = header.findIndex((h) => h.trim() === options.keyColumn)
  if (keyIndex < 0) {
    throw new AppError(400, 'NO_KEY_COLUMN', 'pimGrid.importNoKeyColumn', {
      column: options.keyColumn,
    })
  }
  const mapped: { index: number; field: GridField }[] = []
  const ignored: string[] = []
  for (const [index, raw] of header.entries()) {
    const name = raw.trim()
    if (index === keyIndex) continue
    const fieldName = options.mapping[name] ?? name
    const field = cls.fieldByName.get(fieldName)
    if (field && isEditableField(field)) mapped.push({ index, field })
    else if (!isSystemColumn(fieldName)) ignored.push(name)
  }
  return { rows, keyIndex, mapped, ignored }
}

const IMPORT_FILE = 'import.csv'

/**
 * Imports a CSV as a job: the header maps columns to fields (by name or `mapping`), the key
 * column names the object below the folder — an existing one is updated, else a new one of the
 * class is created in the folder (if the user may create objects of the class). Each row is saved
 * whole or not at all (a new object and its data in one transaction); failures are collected per
 * line in the job's result. The upload waits in the file store, so any process may run the job.
 */
export async function startCsvImport(
  ctx: AdminContext,
  deps: GridJobDeps & { readonly files: JobFileStore },
  options: ImportOptions,
  file: Buffer,
): Promise<{ jobId: string }> {
  const cls = await loadGridClass(ctx.db, options.classId)
  const folderPath = await folderFullPath(ctx.db, options.folderId)
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('object', folderPath, 'list')
  // A file the job could not read is refused now, with its reason.
  const plan = await planImport(cls, options, file)
  const jobId = randomUUID()
  await deps.files.put(jobFileKey(jobId, IMPORT_FILE), file, 'text/csv')
  const params: ImportParams = { options, locale: ctx.locale, rows: plan.rows.length }
  const { id } = await startJob(ctx.db, deps.jobs, {
    id: jobId,
    type: 'csv-import',
    ownerId: ctx.admin.userId,
    total: plan.rows.length,
    params: { ...params, classId: cls.id, folderId: options.folderId },
  })
  return { jobId: id }
}

async function runCsvImport(
  deps: GridJobHandlerDeps,
  job: JobHandle<ImportParams>,
): Promise<Record<string, unknown>> {
  const { options } = job.params
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: job.params.locale,
    jobId: job.id,
  })
  const stored = await deps.files.get(jobFileKey(job.id, IMPORT_FILE))
  if (!stored) throw new AppError(404, 'NOT_FOUND', 'pimGrid.importNoFile')
  const chunks: Buffer[] = []
  for await (const chunk of stored) chunks.push(Buffer.from(chunk as Uint8Array))
  const cls = await loadGridClass(ctx.db, options.classId)
  const folderPath = await folderFullPath(ctx.db, options.folderId)
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('object', folderPath, 'list')
  const { rows, keyIndex, mapped, ignored } = await planImport(cls, options, Buffer.concat(chunks))
  const prefix = folderPath.endsWith('/') ? folderPath : `${folderPath}/`
  const errors: JobItemError[] = []
  let created = 0
  let updated = 0
  for (const [index, cells] of rows.entries()) {
    // Line numbers as a spreadsheet shows them: the header is line 1.
    const line = index + 2
    const key = (cells[keyIndex] ?? '').trim()
    try {
      if (key === '') throw new AppError(400, 'NO_KEY', 'pimGrid.importNoKey')
      const values: Record<string, unknown> = {}
      for (const { index: column, field } of mapped) {
        values[field.name] = parseCellValue(field, cells[column] ?? '')
      }
      const existing = await findByKey(ctx.db, options.folderId, prefix, cls.id, key)
      if (existing) {
        const patch = patchOf(cls, existing, values, options.language)
        await saveObject(ctx, {
          id: existing.id,
          data: patch,
          merge: true,
          task: taskFor(existing, options.publish),
        })
        updated += 1
      } else {
        rights.assert('object', prefix + key, 'create')
        await createImportedObject(ctx, cls, {
          folderId: options.folderId,
          path: prefix,
          key,
          data: patchOf(cls, { data: {} } as ObjectRow, values, options.language),
          publish: options.publish,
        })
        created += 1
      }
    } catch (error) {
      errors.push({ row: line, key, message: jobItemMessage(ctx, error, deps.log) })
    }
    job.progress(index + 1)
  }
  await deps.files.delete(jobFileKey(job.id, IMPORT_FILE)).catch(() => undefined)
  return { created, updated, failed: errors.length, errors, ignoredColumns: ignored }
}

/** Registers the batch update and CSV import jobs (every process, at start). */
export function defineGridEditJobs(deps: GridJobHandlerDeps): void {
  defineTrackedJob<BatchParams>(deps.jobs, deps.db, {
    type: 'batch-update',
    log: deps.log,
    run: (job) => runBatchUpdate(deps, job),
  })
  defineTrackedJob<ImportParams>(deps.jobs, deps.db, {
    type: 'csv-import',
    log: deps.log,
    run: (job) => runCsvImport(deps, job),
  })
}

/**
 * Creates an object from an imported row: the row and its validated data, or nothing (one
 * transaction); only of a class the user may create objects of (`assertClassAllowed`).
 */
async function createImportedObject(
  ctx: AdminContext,
  cls: GridClass,
  input: {
    folderId: number
    path: string
    key: string
    data: Record<string, unknown>
    publish: boolean
  },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await assertClassAllowed(tx, ctx.admin, cls.id)
    const [row] = await tx
      .insert(objects)
      .values({
        parentId: input.folderId,
        type: 'object',
        key: input.key,
        path: input.path,
        classId: cls.id,
        data: {},
        published: false,
        ownerId: ctx.admin.userId,
        userModification: ctx.admin.userId,
      })
      .returning({ id: objects.id })
    const id = row!.id
    await saveObject(
      { ...ctx, db: tx },
      { id, data: input.data, merge: false, task: input.publish ? 'publish' : 'save' },
    )
    return id
  })
}
