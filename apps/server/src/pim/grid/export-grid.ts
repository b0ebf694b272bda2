import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { stringify } from 'csv-stringify/sync'
import {
  isSystemColumn,
  type DoExport,
  type ExportFormat,
  type GridColumnInfo,
  type GridRow,
  type GridSelection,
  type GridSort,
} from '@optika/domain/pim/grid-api'
import { jobs } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { jobFileKey, type JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { readOwnJob } from '../../platform/jobs/read-job.ts'
import {
  defineTrackedJob,
  startJob,
  type JobHandle,
  type JobLogger,
} from '../../platform/jobs/start-job.ts'
import { systemColumnTitle } from './column-configs.ts'
import { defaultColumnKeys, listColumnInfos, loadGridClass, type GridClass } from './grid-class.ts'
import { loadGridRows, selectGridIds } from './grid-rows.ts'
import { csvSafeText, exportCell } from './grid-values.ts'

/** Rows loaded and written per step; progress is reported after each. */
export const EXPORT_CHUNK = 50
const HELPER_CONFIG_JOB = 'grid-helper-config'

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** What a request needs to start grid jobs. */
export interface GridJobDeps {
  readonly jobs: JobQueue
}

/** What the grid's job handlers need, in whichever process runs them. */
export interface GridJobHandlerDeps {
  readonly db: Db
  readonly jobs: JobQueue
  readonly files: JobFileStore
  readonly translator: Translator
  readonly log: JobLogger
}

/** Splits ids into the chunks a job processes (get-export-jobs, get-batch-jobs). */
export async function listJobChunks(
  ctx: AdminContext,
  input: GridSelection & { sort?: GridSort | undefined },
  size = 20,
): Promise<{ total: number; jobs: number[][] }> {
  const { ids } = await selectGridIds(ctx, input, input.sort)
  const chunks: number[][] = []
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size))
  return { total: ids.length, jobs: chunks }
}

function columnsOf(cls: GridClass, ctx: AdminContext, keys: readonly string[]): GridColumnInfo[] {
  const infos = new Map(
    listColumnInfos(cls, systemColumnTitle(ctx), (text) => ctx.t(text)).map((c) => [c.key, c]),
  )
  return keys.map((key) => {
    const info = infos.get(key)
    if (!info) throw new AppError(400, 'UNKNOWN_COLUMN', 'pimGrid.unknownColumn', { column: key })
    return info
  })
}

/**
 * Stores a temporary column choice for an export (a finished job row of the caller, so it
 * needs no table of its own and is only theirs).
 */
export async function prepareHelperColumnConfig(
  ctx: AdminContext,
  input: { classId: string; columns: string[] },
): Promise<{ helperConfigId: string; columns: GridColumnInfo[] }> {
  const cls = await loadGridClass(ctx.db, input.classId)
  const columns = columnsOf(cls, ctx, input.columns)
  const [row] = await ctx.db
    .insert(jobs)
    .values({
      type: HELPER_CONFIG_JOB,
      ownerId: ctx.admin.userId,
      status: 'done',
      params: { classId: cls.id, columns: input.columns },
      finishedAt: new Date(),
    })
    .returning({ id: jobs.id })
  return { helperConfigId: row!.id, columns }
}

async function helperColumns(ctx: AdminContext, id: string): Promise<string[]> {
  const [row] = await ctx.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.id, id), eq(jobs.ownerId, ctx.admin.userId), eq(jobs.type, HELPER_CONFIG_JOB)),
    )
  const columns = (row?.params as { columns?: unknown } | undefined)?.columns
  if (!Array.isArray(columns)) throw notFound('pimGrid.configNotFound')
  return columns.map(String)
}

function cellOf(row: GridRow, column: GridColumnInfo): string | number | boolean | null {
  if (isSystemColumn(column.key)) return row[column.key]
  return exportCell(row.values[column.key])
}

function fileNameOf(cls: GridClass, format: ExportFormat): string {
  const stamp = new Date().toISOString().slice(0, 10)
  return `${cls.id}-${stamp}.${format}`
}

/** What an export job is started with: everything it needs in whichever process runs it. */
interface ExportParams {
  readonly classId: string
  readonly folderId: number
  readonly format: ExportFormat
  readonly columns: string[]
  readonly ids: number[]
  readonly language: Locale
  readonly locale: string
  readonly fileName: string
}

/**
 * Starts an export of the grid's selection (every page, in the grid's order) with the chosen
 * columns as a CSV or XLSX job; the file lands in the file store under `jobs/<jobId>/`.
 */
export async function startGridExport(
  ctx: AdminContext,
  deps: GridJobDeps,
  input: DoExport,
): Promise<{ jobId: string }> {
  const cls = await loadGridClass(ctx.db, input.selection.classId)
  const keys = input.helperConfigId
    ? await helperColumns(ctx, input.helperConfigId)
    : (input.columns ?? defaultColumnKeys(cls))
  // Unknown columns are refused now, before a job exists.
  columnsOf(cls, ctx, keys)
  const selected = (await selectGridIds(ctx, input.selection, input.sort)).ids
  const only = input.ids ? new Set(input.ids) : null
  const ids = only ? selected.filter((id) => only.has(id)) : selected
  const params: ExportParams = {
    classId: cls.id,
    folderId: input.selection.folderId,
    format: input.format,
    columns: keys,
    ids,
    language: input.selection.language,
    locale: ctx.locale,
    fileName: fileNameOf(cls, input.format),
  }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: `export-${input.format}`,
    ownerId: ctx.admin.userId,
    total: ids.length,
    params: { ...params },
  })
  return { jobId: id }
}

/** Registers the CSV and XLSX export jobs (every process, at start). */
export function defineGridExportJobs(deps: GridJobHandlerDeps): void {
  for (const format of ['csv', 'xlsx'] as const) {
    defineTrackedJob<ExportParams>(deps.jobs, deps.db, {
      type: `export-${format}`,
      log: deps.log,
      run: (job) => runGridExport(deps, job),
    })
  }
}

async function runGridExport(
  deps: GridJobHandlerDeps,
  job: JobHandle<ExportParams>,
): Promise<Record<string, unknown>> {
  const params = job.params
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: params.locale,
    jobId: job.id,
  })
  const cls = await loadGridClass(ctx.db, params.classId)
  const columns = columnsOf(cls, ctx, params.columns)
  const { ids, format, language } = params
  const dir = await mkdtemp(join(tmpdir(), 'optika-export-'))
  try {
    const path = join(dir, `export.${format}`)
    const header = columns.map((c) => c.key)
    const chunks = async (write: (rows: GridRow[]) => Promise<void>) => {
      for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
        const rows = await loadGridRows(ctx, cls, ids.slice(i, i + EXPORT_CHUNK), language)
        await write(rows)
        job.progress(Math.min(ids.length, i + EXPORT_CHUNK))
      }
    }
    if (format === 'csv') {
      // The BOM lets spreadsheet programs read the file as UTF-8.
      await writeFile(path, `\ufeff${stringify([header])}`)
      await chunks(async (rows) => {
        const lines = rows.map((row) =>
          columns.map((c) => {
            const cell = cellOf(row, c)
            return cell === null ? '' : csvSafeText(String(cell))
          }),
        )
        if (lines.length > 0) await appendFile(path, stringify(lines))
      })
    } else {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path })
      const sheet = workbook.addWorksheet(cls.name.slice(0, 31) || 'Export')
      sheet.addRow(header).commit()
      await chunks(async (rows) => {
        for (const row of rows) sheet.addRow(columns.map((c) => cellOf(row, c))).commit()
      })
      sheet.commit()
      await workbook.commit()
    }
    // The store is shared by every process: the download may be served by another one.
    const file = jobFileKey(job.id, `export.${format}`)
    await deps.files.put(file, await readFile(path), CONTENT_TYPES[format])
    return { file, fileName: params.fileName, rows: ids.length }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The finished file of the caller's export job: 404 for another's, 409 while it runs. */
export async function openExportFile(
  ctx: AdminContext,
  files: JobFileStore,
  jobId: string,
  format: ExportFormat,
) {
  const job = await readOwnJob(ctx.db, ctx.admin.userId, jobId)
  if (job.type !== `export-${format}`) throw notFound('pimGrid.jobNotFound')
  if (job.status !== 'done') {
    throw new AppError(409, 'JOB_NOT_FINISHED', 'pimGrid.jobNotFinished')
  }
  const result = (job.result ?? {}) as { fileName?: string; file?: string }
  const fileName = result.fileName ?? `export.${format}`
  // Files may be cleaned away; a missing one is "not found", never a failed stream.
  const stream = await files.get(result.file ?? jobFileKey(job.id, `export.${format}`))
  if (!stream) throw notFound('pimGrid.jobNotFound')
  return {
    stream,
    contentType: CONTENT_TYPES[format],
    disposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  }
}
