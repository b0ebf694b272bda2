import {
  isSystemColumn,
  type DoExport,
  type ExportFormat,
  type GridColumnInfo,
  type GridRow,
  type GridSelection,
  type GridSort,
} from '@optika/domain/pim/grid-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Locale } from '@optika/i18n/locales'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import type { JobFileStore } from '../../platform/jobs/job-files.ts'
import { defineTrackedJob, startJob, type JobHandle } from '../../platform/jobs/start-job.ts'
import { exportCell } from '../../elements/grid/grid-cells.ts'
import { openGridExportFile, writeGridExport } from '../../elements/grid/grid-export-files.ts'
import { readHelperColumns, storeHelperColumns } from '../../elements/grid/grid-helper-configs.ts'
import {
  chunkIds,
  type GridJobDeps,
  type GridJobHandlerDeps,
} from '../../elements/grid/grid-jobs.ts'
import { systemColumnTitle } from './column-configs.ts'
import { defaultColumnKeys, listColumnInfos, loadGridClass, type GridClass } from './grid-class.ts'
import { loadGridRows, selectGridIds } from './grid-rows.ts'

/** Splits ids into the chunks a job processes (get-export-jobs, get-batch-jobs). */
export async function listJobChunks(
  ctx: AdminContext,
  input: GridSelection & { sort?: GridSort | undefined },
  size = 20,
): Promise<{ total: number; jobs: number[][] }> {
  const { ids } = await selectGridIds(ctx, input, input.sort)
  return chunkIds(ids, size)
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

/** Stores a temporary column choice for an export (see `storeHelperColumns`). */
export async function prepareHelperColumnConfig(
  ctx: AdminContext,
  input: { classId: string; columns: string[] },
): Promise<{ helperConfigId: string; columns: GridColumnInfo[] }> {
  const cls = await loadGridClass(ctx.db, input.classId)
  const columns = columnsOf(cls, ctx, input.columns)
  const helperConfigId = await storeHelperColumns(ctx, { classId: cls.id }, input.columns)
  return { helperConfigId, columns }
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
    ? await readHelperColumns(ctx, input.helperConfigId, { classId: cls.id })
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
  const file = await writeGridExport(deps.files, job.id, {
    format: params.format,
    sheetName: cls.name,
    header: columns.map((c) => c.key),
    ids: params.ids,
    loadCells: async (ids) =>
      (await loadGridRows(ctx, cls, ids, params.language)).map((row) =>
        columns.map((c) => cellOf(row, c)),
      ),
    progress: (done) => job.progress(done),
  })
  return { file, fileName: params.fileName, rows: params.ids.length }
}

/** The finished file of the caller's export job: 404 for another's, 409 while it runs. */
export async function openExportFile(
  ctx: AdminContext,
  files: JobFileStore,
  jobId: string,
  format: ExportFormat,
) {
  return openGridExportFile(ctx, files, { jobId, jobType: `export-${format}`, format })
}
