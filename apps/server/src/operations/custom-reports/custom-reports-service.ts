import { asc, eq, sql } from 'drizzle-orm'
import {
  CHART_POINT_LIMIT,
  ReportChartSchema,
  ReportColumnSchema,
  ReportSortSchema,
  type ColumnConfig,
  type DrillDownOptions,
  type PortletReportList,
  type Report,
  type ReportChartData,
  type ReportColumn,
  type ReportConfiguration,
  type ReportData,
  type ReportDataQuery,
  type ReportFilter,
  type ReportSort,
  type ReportSummary,
  type ReportTree,
} from '@optika/domain/operations/custom-reports'
import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import { adminUserRoles } from '../../platform/db/schema/identity.ts'
import { customReports } from '../../platform/db/schema/custom-reports.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { describeReportSql, distinctValues, queryReport } from './report-runner.ts'

type ReportRow = typeof customReports.$inferSelect

const notFoundError = () => notFound('customReports.error.notFound')

function parseOr<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : fallback
}

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    name: row.name,
    niceName: row.niceName,
    group: row.groupName,
    description: row.description,
    sql: row.sql,
    columns: parseOr(z.array(ReportColumnSchema), row.columns, []),
    defaultSort: parseOr(ReportSortSchema.nullable(), row.defaultSort, null),
    pageSize: row.pageSize,
    chart: parseOr(ReportChartSchema, row.chart, { type: 'none', xColumn: null, yColumns: [] }),
    sharing: {
      global: row.sharedGlobally,
      userIds: row.sharedUserIds,
      roleIds: row.sharedRoleIds,
    },
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
  }
}

function toSummary(report: Report): ReportSummary {
  return {
    id: report.id,
    name: report.name,
    niceName: report.niceName || report.name,
    group: report.group,
    chartType: report.chart.type,
  }
}

async function findRow(db: Db, name: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(customReports)
    .where(sql`lower(${customReports.name}) = lower(${name})`)
  return row
}

/** Holders of `reportsConfig` see every report; others those shared globally, with them or a role. */
async function visibility(ctx: AdminContext): Promise<(report: Report) => boolean> {
  if (ctx.admin.isAdmin || ctx.admin.permissions.has('reportsConfig')) return () => true
  const roles = await ctx.db
    .select({ roleId: adminUserRoles.roleId })
    .from(adminUserRoles)
    .where(eq(adminUserRoles.userId, ctx.admin.userId))
  const roleIds = new Set(roles.map((r) => r.roleId))
  return (report) =>
    report.sharing.global ||
    report.sharing.userIds.includes(ctx.admin.userId) ||
    report.sharing.roleIds.some((id) => roleIds.has(id))
}

/** A report the caller may view (another's unshared report is "not found"). */
export async function readViewableReport(ctx: AdminContext, name: string): Promise<Report> {
  const row = await findRow(ctx.db, name)
  if (!row) throw notFoundError()
  const report = toReport(row)
  if (!(await visibility(ctx))(report)) throw notFoundError()
  return report
}

/** A report for its editor (`reportsConfig`). */
export async function getReport(ctx: AdminContext, name: string): Promise<Report> {
  const row = await findRow(ctx.db, name)
  if (!row) throw notFoundError()
  return toReport(row)
}

async function visibleReports(ctx: AdminContext): Promise<Report[]> {
  const rows = await ctx.db
    .select()
    .from(customReports)
    .orderBy(asc(customReports.groupName), asc(customReports.niceName), asc(customReports.name))
  const mayView = await visibility(ctx)
  return rows.map(toReport).filter(mayView)
}

function grouped(reports: readonly Report[]): ReportTree {
  const groups = new Map<string, ReportSummary[]>()
  for (const report of reports) {
    const list = groups.get(report.group) ?? []
    list.push(toSummary(report))
    groups.set(report.group, list)
  }
  return { groups: [...groups].map(([name, list]) => ({ name, reports: list })) }
}

/** tree (config) and get-report-config (view): the reports the caller may see, grouped. */
export async function reportTree(ctx: AdminContext): Promise<ReportTree> {
  return grouped(await visibleReports(ctx))
}

/** portlet-report-list: the viewable reports that have a chart. */
export async function portletReportList(ctx: AdminContext): Promise<PortletReportList> {
  const reports = await visibleReports(ctx)
  return {
    data: reports
      .filter((r) => r.chart.type !== 'none' && r.chart.yColumns.length > 0)
      .map(toSummary),
  }
}

function effectiveSort(
  report: Report,
  query: Pick<ReportDataQuery, 'sort' | 'dir'>,
): ReportSort | null {
  if (query.sort) {
    const column = report.columns.find((c) => c.name === query.sort)
    if (!column || !column.sortable) {
      throw new AppError(400, 'REPORT_COLUMN_UNKNOWN', 'customReports.error.columnUnknown', {
        column: query.sort,
      })
    }
    return { column: query.sort, direction: query.dir ?? 'asc' }
  }
  return report.defaultSort
}

function checkFilters(report: Report, filters: readonly ReportFilter[]): void {
  for (const filter of filters) {
    const column = report.columns.find((c) => c.name === filter.column)
    if (!column || column.filter === 'none') {
      throw new AppError(400, 'REPORT_COLUMN_UNKNOWN', 'customReports.error.columnUnknown', {
        column: filter.column,
      })
    }
  }
}

function requireSql(report: Report): void {
  if (report.sql.trim() === '' || report.columns.length === 0) {
    throw new AppError(409, 'REPORT_NOT_READY', 'customReports.error.notReady')
  }
}

/** data: a page of rows with the grid's filters and sort. */
export async function reportData(ctx: AdminContext, query: ReportDataQuery): Promise<ReportData> {
  const report = await readViewableReport(ctx, query.name)
  requireSql(report)
  checkFilters(report, query.filter)
  const result = await queryReport(ctx.db, {
    sql: report.sql,
    columns: report.columns,
    filters: query.filter,
    sort: effectiveSort(report, query),
    offset: query.start,
    limit: query.limit,
  })
  return {
    columns: report.columns,
    data: result.rows,
    total: result.total,
    truncated: result.truncated,
  }
}

/** drill-down-options: a filterable column's distinct values. */
export async function drillDownOptions(
  ctx: AdminContext,
  query: { name: string; field: string; filter: ReportFilter[] },
): Promise<DrillDownOptions> {
  const report = await readViewableReport(ctx, query.name)
  requireSql(report)
  checkFilters(report, query.filter)
  const column = report.columns.find((c) => c.name === query.field)
  if (!column || column.filter === 'none') {
    throw new AppError(400, 'REPORT_COLUMN_UNKNOWN', 'customReports.error.columnUnknown', {
      column: query.field,
    })
  }
  const values = await distinctValues(ctx.db, {
    sql: report.sql,
    columns: report.columns,
    filters: query.filter.filter((f) => f.column !== query.field),
    field: query.field,
    max: 200,
  })
  return { data: values.map((value) => ({ value })) }
}

/** chart: the chart's points (label column + value columns as numbers). */
export async function reportChart(
  ctx: AdminContext,
  query: { name: string; filter: ReportFilter[] },
): Promise<ReportChartData> {
  const report = await readViewableReport(ctx, query.name)
  const { chart } = report
  const labelOf = (name: string) => report.columns.find((c) => c.name === name)?.label || name
  const base = {
    name: report.name,
    niceName: report.niceName || report.name,
    type: chart.type,
    xColumn: chart.xColumn,
    series: chart.yColumns.map((column) => ({ column, label: labelOf(column) })),
  }
  if (chart.type === 'none' || chart.yColumns.length === 0 || !chart.xColumn) {
    return { ...base, data: [], truncated: false }
  }
  requireSql(report)
  checkFilters(report, query.filter)
  const result = await queryReport(ctx.db, {
    sql: report.sql,
    columns: report.columns,
    filters: query.filter,
    sort: report.defaultSort,
    offset: 0,
    limit: CHART_POINT_LIMIT,
  })
  const xColumn = chart.xColumn
  const data = result.rows.map((row) => {
    const point: Record<string, string | number | null> = {
      [xColumn]: row[xColumn] === null || row[xColumn] === undefined ? '' : String(row[xColumn]),
    }
    for (const column of chart.yColumns) {
      const value = Number(row[column])
      point[column] = row[column] === null || !Number.isFinite(value) ? null : value
    }
    return point
  })
  return { ...base, data, truncated: result.total > CHART_POINT_LIMIT }
}

/** column-config: the SQL's columns, keeping the saved settings of those it still answers. */
export async function columnConfig(
  ctx: AdminContext,
  input: { name?: string | undefined; sql: string },
): Promise<ColumnConfig> {
  const saved = input.name ? ((await findRow(ctx.db, input.name)) ?? null) : null
  const previous = saved ? toReport(saved).columns : []
  const { fields, rows } = await describeReportSql(ctx.db, input.sql, 10)
  const columns = fields.map((field): ReportColumn => {
    const kept = previous.find((c) => c.name === field.name)
    return (
      kept ?? {
        name: field.name,
        label: '',
        type: field.type,
        filter: field.type === 'boolean' ? 'list' : field.type,
        sortable: true,
        visible: true,
        width: null,
      }
    )
  })
  return { columns, preview: rows }
}

const actor = (ctx: AdminContext) => ({ id: ctx.admin.userId, name: ctx.admin.username })

async function auditReport(
  ctx: AdminContext,
  db: Db,
  action: string,
  name: string,
  before?: unknown,
  after?: unknown,
) {
  await recordAudit(db, {
    actor: actor(ctx),
    action: `customReport.${action}`,
    entityType: 'customReport',
    entityId: name,
    before,
    after,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}

function duplicate(name: string): AppError {
  return new AppError(409, 'REPORT_NAME_TAKEN', 'customReports.error.nameTaken', { name })
}

/** add: a new, empty report (Pimcore's add takes the name only). */
export async function addReport(ctx: AdminContext, name: string): Promise<Report> {
  return ctx.db.transaction(async (tx) => {
    if (await findRow(tx, name)) throw duplicate(name)
    const [row] = await tx
      .insert(customReports)
      .values({
        name,
        niceName: name,
        chart: { type: 'none', xColumn: null, yColumns: [] },
        createdBy: ctx.admin.userId,
      })
      .returning()
    const report = toReport(row!)
    await auditReport(ctx, tx, 'add', name, undefined, report)
    return report
  })
}

/** clone: a copy under a new name, sharing included. */
export async function cloneReport(
  ctx: AdminContext,
  input: { name: string; newName: string },
): Promise<Report> {
  return ctx.db.transaction(async (tx) => {
    const source = await findRow(tx, input.name)
    if (!source) throw notFoundError()
    if (await findRow(tx, input.newName)) throw duplicate(input.newName)
    const { id: _id, createdAt: _c, modifiedAt: _m, ...rest } = source
    const [row] = await tx
      .insert(customReports)
      .values({ ...rest, name: input.newName, createdBy: ctx.admin.userId })
      .returning()
    const report = toReport(row!)
    await auditReport(ctx, tx, 'clone', input.newName, { from: input.name }, report)
    return report
  })
}

/** delete */
export async function deleteReport(ctx: AdminContext, name: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, name)
    if (!row) throw notFoundError()
    await tx.delete(customReports).where(eq(customReports.id, row.id))
    await auditReport(ctx, tx, 'delete', row.name, toReport(row), undefined)
  })
}

/**
 * update: saves the editor's configuration. The SQL is checked and run with LIMIT 0 first (a SQL
 * the runner refuses is never saved); columns, sort and chart must name the SQL's columns.
 */
export async function updateReport(
  ctx: AdminContext,
  input: { name: string; configuration: ReportConfiguration },
): Promise<Report> {
  const config = input.configuration
  let resultColumns: string[] = []
  if (config.sql.trim() !== '') {
    const { fields } = await describeReportSql(ctx.db, config.sql)
    resultColumns = fields.map((f) => f.name)
  }
  const names = new Set(config.columns.map((c) => c.name))
  const unknown = [
    ...config.columns.map((c) => c.name).filter((n) => !resultColumns.includes(n)),
    ...(config.defaultSort && !names.has(config.defaultSort.column)
      ? [config.defaultSort.column]
      : []),
    ...(config.chart.xColumn && !names.has(config.chart.xColumn) ? [config.chart.xColumn] : []),
    ...config.chart.yColumns.filter((n) => !names.has(n)),
  ]
  if (unknown.length > 0) {
    throw new AppError(400, 'REPORT_COLUMN_UNKNOWN', 'customReports.error.columnUnknown', {
      column: unknown[0]!,
    })
  }
  if (names.size !== config.columns.length) {
    throw new AppError(400, 'REPORT_SQL_REFUSED', 'customReports.error.sql.duplicateColumn', {
      column: config.columns.find(
        (c, i) => config.columns.findIndex((d) => d.name === c.name) !== i,
      )!.name,
    })
  }
  if (
    config.chart.type !== 'none' &&
    (!config.chart.xColumn || config.chart.yColumns.length === 0)
  ) {
    throw new AppError(400, 'REPORT_CHART_INCOMPLETE', 'customReports.error.chartIncomplete')
  }
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, input.name)
    if (!row) throw notFoundError()
    const [updated] = await tx
      .update(customReports)
      .set({
        niceName: config.niceName,
        groupName: config.group,
        description: config.description,
        sql: config.sql,
        columns: config.columns,
        defaultSort: config.defaultSort,
        pageSize: config.pageSize,
        chart: config.chart,
        sharedGlobally: config.sharing.global,
        sharedUserIds: [...new Set(config.sharing.userIds)],
        sharedRoleIds: [...new Set(config.sharing.roleIds)],
        modifiedAt: new Date(),
      })
      .where(eq(customReports.id, row.id))
      .returning()
    const report = toReport(updated!)
    await auditReport(ctx, tx, 'update', row.name, toReport(row), report)
    return report
  })
}
