import type { ExportFormat, GridColumnInfo, GridSort } from '@optika/domain/pim/grid-api'
import type {
  AssetDoExport,
  AssetGridRow,
  AssetGridSelection,
} from '@optika/domain/pim/asset-grid-api'
import type { JobFileStore } from '../../platform/jobs/job-files.ts'
import { defineTrackedJob, startJob, type JobHandle } from '../../platform/jobs/start-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { exportCell } from '../../elements/grid/grid-cells.ts'
import {
  openGridExportFile,
  writeGridExport,
  type ExportCell,
} from '../../elements/grid/grid-export-files.ts'
import { readHelperColumns, storeHelperColumns } from '../../elements/grid/grid-helper-configs.ts'
import {
  chunkIds,
  type GridJobDeps,
  type GridJobHandlerDeps,
} from '../../elements/grid/grid-jobs.ts'
import {
  DEFAULT_ASSET_COLUMNS,
  listAssetColumnInfos,
  loadMetadataColumns,
  metadataColumnInfo,
  resolveAssetColumn,
  type AssetColumn,
} from './asset-grid-columns.ts'
import { loadAssetGridRows, selectAssetGridIds } from './asset-grid-rows.ts'

/** Helper configurations of the asset grid are told apart from the object grid's by this. */
const HELPER_SCOPE = { elementType: 'asset' }
const exportJobType = (format: ExportFormat) => `asset-export-${format}`

/** Splits the selection's ids into the chunks a job processes (get-export-jobs, get-batch-jobs). */
export async function listAssetJobChunks(
  ctx: AdminContext,
  input: AssetGridSelection & { sort?: GridSort | undefined },
): Promise<{ total: number; jobs: number[][] }> {
  const { ids } = await selectAssetGridIds(ctx, input, input.sort)
  return chunkIds(ids)
}

async function resolveColumns(ctx: AdminContext, keys: readonly string[]): Promise<AssetColumn[]> {
  const known = await loadMetadataColumns(ctx.db)
  return keys.map((key) => resolveAssetColumn(key, known))
}

function infoOf(ctx: AdminContext, column: AssetColumn): GridColumnInfo {
  if (column.kind === 'metadata') return metadataColumnInfo(ctx, column)
  return listAssetColumnInfos(ctx, []).find((info) => info.key === column.key)!
}

/** Stores a temporary column choice for an export (see `storeHelperColumns`); unknown columns are a 400. */
export async function prepareAssetHelperColumnConfig(
  ctx: AdminContext,
  input: { columns: string[] },
): Promise<{ helperConfigId: string; columns: GridColumnInfo[] }> {
  const columns = await resolveColumns(ctx, input.columns)
  const helperConfigId = await storeHelperColumns(ctx, HELPER_SCOPE, input.columns)
  return { helperConfigId, columns: columns.map((column) => infoOf(ctx, column)) }
}

function cellOf(row: AssetGridRow, column: AssetColumn): ExportCell {
  if (column.kind === 'system') return row[column.key]
  return exportCell(row.metadata[column.key])
}

/** What an export job is started with: everything it needs in whichever process runs it. */
interface ExportParams {
  readonly format: ExportFormat
  readonly columns: string[]
  readonly ids: number[]
  readonly locale: string
  readonly fileName: string
}

/**
 * Starts an export of the selection (every page, in the grid's order) with the chosen columns
 * as a CSV or XLSX job; unknown columns are refused before a job exists.
 */
export async function startAssetGridExport(
  ctx: AdminContext,
  deps: GridJobDeps,
  input: AssetDoExport,
): Promise<{ jobId: string }> {
  const keys = input.helperConfigId
    ? await readHelperColumns(ctx, input.helperConfigId, HELPER_SCOPE)
    : (input.columns ?? [...DEFAULT_ASSET_COLUMNS])
  await resolveColumns(ctx, keys)
  const selected = (await selectAssetGridIds(ctx, input.selection, input.sort)).ids
  const only = input.ids ? new Set(input.ids) : null
  const ids = only ? selected.filter((id) => only.has(id)) : selected
  const params: ExportParams = {
    format: input.format,
    columns: keys,
    ids,
    locale: ctx.locale,
    fileName: `assets-${new Date().toISOString().slice(0, 10)}.${input.format}`,
  }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: exportJobType(input.format),
    ownerId: ctx.admin.userId,
    total: ids.length,
    params: { ...params, folderId: input.selection.folderId },
  })
  return { jobId: id }
}

async function runAssetGridExport(
  deps: GridJobHandlerDeps,
  job: JobHandle<ExportParams>,
): Promise<Record<string, unknown>> {
  const params = job.params
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: params.locale,
    jobId: job.id,
  })
  const columns = await resolveColumns(ctx, params.columns)
  const file = await writeGridExport(deps.files, job.id, {
    format: params.format,
    sheetName: ctx.t('assetGrid.sheetName'),
    header: columns.map((c) => c.key),
    ids: params.ids,
    loadCells: async (ids) =>
      (await loadAssetGridRows(ctx.db, ids)).map((row) => columns.map((c) => cellOf(row, c))),
    progress: (done) => job.progress(done),
  })
  return { file, fileName: params.fileName, rows: params.ids.length }
}

/** Registers the asset grid's CSV and XLSX export jobs (every process, at start). */
export function defineAssetExportJobs(deps: GridJobHandlerDeps): void {
  for (const format of ['csv', 'xlsx'] as const) {
    defineTrackedJob<ExportParams>(deps.jobs, deps.db, {
      type: exportJobType(format),
      log: deps.log,
      run: (job) => runAssetGridExport(deps, job),
    })
  }
}

/** The finished file of the caller's asset export job: 404 for another's, 409 while it runs. */
export async function openAssetExportFile(
  ctx: AdminContext,
  files: JobFileStore,
  jobId: string,
  format: ExportFormat,
) {
  return openGridExportFile(ctx, files, { jobId, jobType: exportJobType(format), format })
}
