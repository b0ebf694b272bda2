import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ExportFormat } from '@optika/domain/pim/grid-api'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { jobFileKey, type JobFileStore } from '../../platform/jobs/job-files.ts'
import { readOwnJob } from '../../platform/jobs/read-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { csvSafeText } from './grid-cells.ts'

/** Rows loaded and written per step; progress is reported after each. */
export const EXPORT_CHUNK = 50

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export type ExportCell = string | number | boolean | null

/** What an export writes: a header and the rows of `ids`, loaded a chunk at a time. */
export interface GridExportSource {
  readonly format: ExportFormat
  readonly sheetName: string
  readonly header: readonly string[]
  readonly ids: readonly number[]
  /** The cells of these ids' rows, in their order. */
  loadCells(ids: number[]): Promise<ExportCell[][]>
  /** Called with the number of ids written so far. */
  progress(done: number): void
}

/**
 * Writes an export file (CSV safe against formula injection, or a streamed XLSX) of a job and
 * stores it in the shared file store under `jobs/<jobId>/`, so any process can serve it.
 */
export async function writeGridExport(
  files: JobFileStore,
  jobId: string,
  source: GridExportSource,
): Promise<string> {
  const { format, ids } = source
  const dir = await mkdtemp(join(tmpdir(), 'optika-export-'))
  try {
    const path = join(dir, `export.${format}`)
    const chunks = async (write: (rows: ExportCell[][]) => Promise<void>) => {
      for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
        await write(await source.loadCells(ids.slice(i, i + EXPORT_CHUNK)))
        source.progress(Math.min(ids.length, i + EXPORT_CHUNK))
      }
    }
    if (format === 'csv') {
      const { stringify } = await import('csv-stringify/sync')
      // The BOM lets spreadsheet programs read the file as UTF-8.
      await writeFile(path, `\ufeff${stringify([source.header.map(csvSafeText)])}`)
      await chunks(async (rows) => {
        const lines = rows.map((cells) =>
          cells.map((cell) => (cell === null ? '' : csvSafeText(String(cell)))),
        )
        if (lines.length > 0) await appendFile(path, stringify(lines))
      })
    } else {
      const { default: ExcelJS } = await import('exceljs')
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path })
      const sheet = workbook.addWorksheet(source.sheetName.slice(0, 31) || 'Export')
      sheet.addRow([...source.header]).commit()
      await chunks(async (rows) => {
        for (const cells of rows) sheet.addRow(cells).commit()
      })
      sheet.commit()
      await workbook.commit()
    }
    const file = jobFileKey(jobId, `export.${format}`)
    await files.put(file, await readFile(path), EXPORT_CONTENT_TYPES[format])
    return file
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The finished file of the caller's export job of `jobType`: 404 for another's, 409 while it runs. */
export async function openGridExportFile(
  ctx: AdminContext,
  files: JobFileStore,
  input: { jobId: string; jobType: string; format: ExportFormat },
) {
  const { jobId, format } = input
  const job = await readOwnJob(ctx.db, ctx.admin.userId, jobId)
  if (job.type !== input.jobType) throw notFound('pimGrid.jobNotFound')
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
    contentType: EXPORT_CONTENT_TYPES[format],
    disposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  }
}
