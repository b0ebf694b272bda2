import { z } from 'zod'

/**
 * Custom reports (issue 20, Pimcore's `/admin/bundle/customreports/custom-report/*`): report
 * definitions made in the back office over a read-only SQL data source, their columns, filters,
 * chart and sharing; a page of rows, a column's distinct values, the chart's series and an export
 * (CSV or XLSX) through the job queue. A report is named by its `name` (Pimcore's identifier).
 */

/** A report's name: its identifier in every call (letters, digits, `_` and `-`). */
export const ReportNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/)

export const COLUMN_TYPES = ['text', 'number', 'date', 'boolean'] as const
export type ColumnType = (typeof COLUMN_TYPES)[number]

/** How a column is filtered in the grid: not at all, by text, a number/date range or a value list. */
export const COLUMN_FILTERS = ['none', 'text', 'number', 'date', 'list'] as const
export type ColumnFilter = (typeof COLUMN_FILTERS)[number]

export const CHART_TYPES = ['none', 'line', 'bar', 'pie'] as const
export type ChartType = (typeof CHART_TYPES)[number]

/** A column of the SQL's result: its label, type and how the grid shows, filters and sorts it. */
export const ReportColumnSchema = z.object({
  /** The result column's name, as the SQL answers it. */
  name: z.string().min(1).max(63),
  /** The heading people read; the name when empty. */
  label: z.string().trim().max(200).default(''),
  type: z.enum(COLUMN_TYPES).default('text'),
  filter: z.enum(COLUMN_FILTERS).default('none'),
  sortable: z.boolean().default(true),
  visible: z.boolean().default(true),
  /** Pixels; null lets the grid size it. */
  width: z.number().int().min(40).max(1000).nullable().default(null),
})
export type ReportColumn = z.infer<typeof ReportColumnSchema>

export const SortDirectionSchema = z.enum(['asc', 'desc'])
export type SortDirection = z.infer<typeof SortDirectionSchema>

export const ReportSortSchema = z.object({
  column: z.string().min(1).max(63),
  direction: SortDirectionSchema.default('asc'),
})
export type ReportSort = z.infer<typeof ReportSortSchema>

/** The chart: a label (x) column and one or more value columns (a pie uses the first). */
export const ReportChartSchema = z.object({
  type: z.enum(CHART_TYPES).default('none'),
  xColumn: z.string().max(63).nullable().default(null),
  yColumns: z.array(z.string().min(1).max(63)).max(8).default([]),
})
export type ReportChart = z.infer<typeof ReportChartSchema>

/** Who may view the report besides those holding `reportsConfig` (who see every report). */
export const ReportSharingSchema = z.object({
  /** Every holder of `reports`. */
  global: z.boolean().default(false),
  userIds: z.array(z.number().int().positive()).max(500).default([]),
  roleIds: z.array(z.number().int().positive()).max(500).default([]),
})
export type ReportSharing = z.infer<typeof ReportSharingSchema>

/** What the editor saves (PUT update's `configuration`). */
export const ReportConfigurationSchema = z.object({
  niceName: z.string().trim().max(200).default(''),
  group: z.string().trim().max(100).default(''),
  description: z.string().trim().max(2000).default(''),
  sql: z.string().max(20_000).default(''),
  columns: z.array(ReportColumnSchema).max(100).default([]),
  defaultSort: ReportSortSchema.nullable().default(null),
  pageSize: z.number().int().min(10).max(500).default(50),
  chart: ReportChartSchema.default({ type: 'none', xColumn: null, yColumns: [] }),
  sharing: ReportSharingSchema.default({ global: false, userIds: [], roleIds: [] }),
})
export type ReportConfiguration = z.infer<typeof ReportConfigurationSchema>

/** A report definition (GET get). */
export const ReportSchema = ReportConfigurationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  modifiedAt: z.string(),
})
export type Report = z.infer<typeof ReportSchema>

/** One report in a list: enough to show it in the tree or offer it in the dashboard. */
export const ReportSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  niceName: z.string(),
  group: z.string(),
  chartType: z.enum(CHART_TYPES),
})
export type ReportSummary = z.infer<typeof ReportSummarySchema>

/** tree / get-report-config: reports grouped (the group '' holds those without one). */
export const ReportTreeSchema = z.object({
  groups: z.array(z.object({ name: z.string(), reports: z.array(ReportSummarySchema) })),
})
export type ReportTree = z.infer<typeof ReportTreeSchema>

/** portlet-report-list: the reports with a chart the caller may view (the dashboard widget's list). */
export const PortletReportListSchema = z.object({ data: z.array(ReportSummarySchema) })
export type PortletReportList = z.infer<typeof PortletReportListSchema>

/** A filter of the grid; values go to the database as parameters, never into the SQL text. */
export const ReportFilterSchema = z.object({
  column: z.string().min(1).max(63),
  operator: z.enum(['like', 'eq', 'lt', 'gt', 'in']).default('eq'),
  value: z.union([
    z.string().max(1000),
    z.number(),
    z.boolean(),
    z.array(z.union([z.string().max(1000), z.number(), z.boolean()])).max(200),
  ]),
})
export type ReportFilter = z.infer<typeof ReportFilterSchema>

/** JSON in a query string (GET) or a body value already parsed (POST). */
const jsonValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value
    if (value.trim() === '') return undefined
    try {
      return JSON.parse(value) as unknown
    } catch {
      return value
    }
  }, schema)

const FiltersSchema = jsonValue(z.array(ReportFilterSchema).max(50).default([]))

/** name + the grid's filters: data, drill-down-options, chart and create-csv share them. */
export const ReportQuerySchema = z.object({
  name: ReportNameSchema,
  filter: FiltersSchema,
})
export type ReportQuery = z.infer<typeof ReportQuerySchema>

/** data: a page of rows, sorted by `sort` (a column) and `dir`, else by the default sort. */
export const ReportDataQuerySchema = ReportQuerySchema.extend({
  sort: z.string().max(63).optional(),
  dir: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(SortDirectionSchema)
    .optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
})
export type ReportDataQuery = z.infer<typeof ReportDataQuerySchema>

export type ReportCell = string | number | boolean | null

export const ReportDataSchema = z.object({
  columns: z.array(ReportColumnSchema),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  /** Rows matching the filters, counted up to the row limit. */
  total: z.number().int(),
  /** True when more rows match than the row limit: `total` is the limit. */
  truncated: z.boolean(),
})
export type ReportData = z.infer<typeof ReportDataSchema>

/** drill-down-options: a column's distinct values (for a list filter), at most 200. */
export const DrillDownQuerySchema = ReportQuerySchema.extend({ field: z.string().min(1).max(63) })
export const DrillDownOptionsSchema = z.object({
  data: z.array(z.object({ value: z.union([z.string(), z.number(), z.boolean(), z.null()]) })),
})
export type DrillDownOptions = z.infer<typeof DrillDownOptionsSchema>

/**
 * chart: the chart's series, the label column as `x` and each value column under its name, in
 * the report's default order (at most CHART_POINT_LIMIT points), with the labels of the columns.
 */
export const CHART_POINT_LIMIT = 500
export const ReportChartDataSchema = z.object({
  name: z.string(),
  niceName: z.string(),
  type: z.enum(CHART_TYPES),
  xColumn: z.string().nullable(),
  series: z.array(z.object({ column: z.string(), label: z.string() })),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  truncated: z.boolean(),
})
export type ReportChartData = z.infer<typeof ReportChartDataSchema>

export const AddReportSchema = z.object({ name: ReportNameSchema })
export const CloneReportSchema = z.object({ name: ReportNameSchema, newName: ReportNameSchema })
export const ReportNameQuerySchema = z.object({ name: ReportNameSchema })
export const UpdateReportSchema = z.object({
  name: ReportNameSchema,
  configuration: jsonValue(ReportConfigurationSchema),
})

/** column-config: the SQL's columns (from running it with LIMIT 0) and its first rows. */
export const ColumnConfigRequestSchema = z.object({
  /** The report whose saved columns keep their labels and settings. */
  name: ReportNameSchema.optional(),
  sql: z.string().min(1).max(20_000),
})
export const ColumnConfigSchema = z.object({
  columns: z.array(ReportColumnSchema),
  /** The first rows (at most 10), so the editor shows what the SQL answers. */
  preview: ReportDataSchema.shape.data,
})
export type ColumnConfig = z.infer<typeof ColumnConfigSchema>

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ReportExportFormat = (typeof EXPORT_FORMATS)[number]

/** create-csv: starts the export job (all matching rows up to the row limit). */
export const CreateCsvQuerySchema = ReportDataQuerySchema.omit({ start: true, limit: true }).extend(
  {
    format: z.enum(EXPORT_FORMATS).default('csv'),
  },
)
export const CreateCsvAnswerSchema = z.object({ jobId: z.string() })

/** download-csv: the job's state (`status` only) or its finished file. */
export const DownloadCsvQuerySchema = z.object({
  jobId: z.string().uuid(),
  status: z
    .enum(['1', 'true'])
    .optional()
    .transform((value) => value !== undefined),
})

/** The job type of a report export (its row in `jobs`). */
export const REPORT_EXPORT_JOB = 'customReports.export'
