import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  REPORT_EXPORT_JOB,
  type ReportCell,
  type ReportExportFormat,
  type ReportFilter,
  type ReportSort,
} from '@optika/domain/operations/custom-reports'
import type { Db } from '../../platform/db/client.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { jobFileKey, type JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { defineTrackedJob, startJob, type JobLogger } from '../../platform/jobs/start-job.ts'
import { readOwnJob } from '../../platform/jobs/read-job.ts'
import { csvSafeText } from '../../elements/grid/grid-cells.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { queryReport, REPORT_ROW_LIMIT } from './report-runner.ts'
import { readViewableReport, toReport } from './custom-reports-service.ts'
import { customReports } from '../../platform/db/schema/custom-reports.ts'
import { sql } from 'drizzle-orm'

/** Rows read per step of an export (each step its own read-only transaction). */
const EXPORT_PAGE = 1_000

export const EXPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

interface ExportParams {
  readonly name: string
  readonly format: ReportExportFormat
  readonly filters: ReportFilter[]
  readonly sort: ReportSort | null
}

/** A text cell a spreadsheet would run as a formula is defused; numbers stay numbers. */
const safe = (cell: ReportCell): string | number | boolean | null =>
  typeof cell === 'string' ? csvSafeText(cell) : cell

/**
 * The report export job: the report's visible columns (labels as the header) of every matching
 * row up to the row limit, read a page at a time, written as CSV (UTF-8 with BOM, formula-safe)
 * or a streamed XLSX, and kept in the shared file store under the job.
 */
export function defineReportExport(
  queue: JobQueue,
  db: Db,
  files: JobFileStore,
  log?: JobLogger,
): void {
  defineTrackedJob<ExportParams>(queue, db, {
    type: REPORT_EXPORT_JOB,
    log,
    retries: 1,
    async run(job) {
      const { name, format, filters, sort } = job.params
      const [row] = await db
        .select()
        .from(customReports)
        .where(sql`lower(${customReports.name}) = lower(${name})`)
      if (!row) throw notFound('customReports.error.notFound')
      const report = toReport(row)
      const columns = report.columns.filter((c) => c.visible)
      const dir = await mkdtemp(join(tmpdir(), 'optika-report-'))
      try {
        const path = join(dir, `report.${format}`)
        const header = columns.map((c) => c.label || c.name)
        let written = 0
        const pages = async (write: (rows: ReportCell[][]) => Promise<void>) => {
          for (let offset = 0; offset < REPORT_ROW_LIMIT; offset += EXPORT_PAGE) {
            const page = await queryReport(db, {
              sql: report.sql,
              columns: report.columns,
              filters,
              sort: sort ?? report.defaultSort,
              offset,
              limit: EXPORT_PAGE,
            })
            await write(page.rows.map((r) => columns.map((c) => r[c.name] ?? null)))
            written += page.rows.length
            job.progress(written, page.total)
            if (page.rows.length < EXPORT_PAGE) break
          }
        }
        if (format === 'csv') {
          const { stringify } = await import('csv-stringify/sync')
          await writeFile(path, `\ufeff${stringify([header.map(csvSafeText)])}`)
          await pages(async (rows) => {
            const lines = rows.map((cells) =>
              cells.map((cell) =>
                cell === null ? '' : typeof cell === 'string' ? csvSafeText(cell) : String(cell),
              ),
            )
            if (lines.length > 0) await appendFile(path, stringify(lines))
          })
        } else {
          const { default: ExcelJS } = await import('exceljs')
          const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path })
          const sheet = workbook.addWorksheet((report.niceName || report.name).slice(0, 31))
          sheet.addRow(header.map(csvSafeText)).commit()
          await pages(async (rows) => {
            for (const cells of rows) sheet.addRow(cells.map(safe)).commit()
          })
          sheet.commit()
          await workbook.commit()
        }
        const file = jobFileKey(job.id, `report.${format}`)
        await files.put(file, await readFile(path), EXPORT_CONTENT_TYPES[format])
        return { file, fileName: `${report.name}.${format}`, format, rows: written }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  })
}

/** create-csv: checks the caller may view the report and starts its export. */
export async function startReportExport(
  ctx: AdminContext,
  queue: JobQueue,
  input: {
    name: string
    format: ReportExportFormat
    filters: ReportFilter[]
    sort: ReportSort | null
  },
): Promise<{ jobId: string }> {
  const report = await readViewableReport(ctx, input.name)
  if (report.sql.trim() === '' || report.columns.length === 0) {
    throw new AppError(409, 'REPORT_NOT_READY', 'customReports.error.notReady')
  }
  for (const filter of input.filters) {
    if (!report.columns.some((c) => c.name === filter.column && c.filter !== 'none')) {
      throw new AppError(400, 'REPORT_COLUMN_UNKNOWN', 'customReports.error.columnUnknown', {
        column: filter.column,
      })
    }
  }
  if (input.sort && !report.columns.some((c) => c.name === input.sort!.column && c.sortable)) {
    throw new AppError(400, 'REPORT_COLUMN_UNKNOWN', 'customReports.error.columnUnknown', {
      column: input.sort.column,
    })
  }
  const { id } = await startJob(ctx.db, queue, {
    type: REPORT_EXPORT_JOB,
    ownerId: ctx.admin.userId,
    params: { name: report.name, format: input.format, filters: input.filters, sort: input.sort },
    total: 0,
  })
  return { jobId: id }
}

/** download-csv: the caller's finished export (404 for another's, 409 while it runs). */
export async function openReportExport(ctx: AdminContext, files: JobFileStore, jobId: string) {
  const job = await readOwnJob(ctx.db, ctx.admin.userId, jobId)
  if (job.type !== REPORT_EXPORT_JOB) throw notFound('pimGrid.jobNotFound')
  if (job.status !== 'done') throw new AppError(409, 'JOB_NOT_FINISHED', 'pimGrid.jobNotFinished')
  const result = (job.result ?? {}) as { file?: string; fileName?: string; format?: string }
  const format: ReportExportFormat = result.format === 'xlsx' ? 'xlsx' : 'csv'
  const stream = result.file ? await files.get(result.file) : null
  if (!stream) throw notFound('pimGrid.jobNotFound')
  const fileName = result.fileName ?? `report.${format}`
  return {
    stream,
    contentType: EXPORT_CONTENT_TYPES[format],
    disposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  }
}
