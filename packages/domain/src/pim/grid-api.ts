import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { BigIdSchema, IdSchema, MAX_INT4_ID } from '../ids.ts'

/**
 * The object grid (/admin/object/grid-proxy), its column configurations and the object helper
 * (/admin/object-helper/*: exports, batch updates, CSV import, jobs). Shared by the server
 * routes, the back-office grid and the tests.
 */

/** Columns every grid offers besides the class's fields. */
export const SYSTEM_COLUMNS = [
  'id',
  'key',
  'fullpath',
  'published',
  'creationDate',
  'modificationDate',
  'classname',
] as const
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number]

export function isSystemColumn(key: string): key is SystemColumn {
  return (SYSTEM_COLUMNS as readonly string[]).includes(key)
}

/** How a column is filtered in the grid. */
export const FILTER_TYPES = ['string', 'number', 'date', 'boolean', 'list'] as const
export type FilterType = (typeof FILTER_TYPES)[number]

const ColumnKeySchema = z.string().min(1).max(64)
const IntFromQuery = z.coerce.number().int()
const BooleanFromQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')

export const GridFilterSchema = z.discriminatedUnion('type', [
  /** Contains, case-insensitive. */
  z.object({ type: z.literal('string'), column: ColumnKeySchema, value: z.string().max(200) }),
  z.object({
    type: z.literal('number'),
    column: ColumnKeySchema,
    from: z.number().optional(),
    to: z.number().optional(),
  }),
  /** ISO dates `YYYY-MM-DD`, both inclusive. */
  z.object({
    type: z.literal('date'),
    column: ColumnKeySchema,
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  }),
  z.object({ type: z.literal('boolean'), column: ColumnKeySchema, value: z.boolean() }),
  /** Any of the option keys (select: equals one; multiselect: holds one). */
  z.object({
    type: z.literal('list'),
    column: ColumnKeySchema,
    values: z.array(z.string().max(190)).max(100),
  }),
])
export type GridFilter = z.infer<typeof GridFilterSchema>

export const GridSortSchema = z.object({
  column: ColumnKeySchema,
  direction: z.enum(['asc', 'desc']).default('asc'),
})
export type GridSort = z.infer<typeof GridSortSchema>

/** What rows a grid (or an export or batch job) covers. */
export const GridSelectionSchema = z.object({
  folderId: BigIdSchema,
  classId: z.string().min(1).max(64),
  /** Only the folder's direct children instead of its whole subtree. */
  onlyDirectChildren: z.boolean().default(false),
  /** List variants too (objects only by default). */
  includeVariants: z.boolean().default(false),
  filters: z.array(GridFilterSchema).max(50).default([]),
  /** Full-text: key, path and every text value. */
  query: z.string().max(200).default(''),
  /** The language of localized columns (filters, sorting and values). */
  language: z.enum(LOCALES).default('cs'),
})
export type GridSelection = z.infer<typeof GridSelectionSchema>

/** POST /admin/object/grid-proxy: one page of rows. */
export const GridListSchema = GridSelectionSchema.extend({
  limit: z.number().int().min(1).max(500).default(25),
  start: z.number().int().min(0).default(0),
  sort: GridSortSchema.optional(),
})
export type GridList = z.infer<typeof GridListSchema>
export type GridListInput = z.input<typeof GridListSchema>

/** GET /admin/object/grid-proxy: the same as query parameters; `filters` is JSON. */
export const GridListQuerySchema = z.object({
  folderId: BigIdSchema,
  classId: z.string().min(1).max(64),
  onlyDirectChildren: BooleanFromQuery.optional(),
  includeVariants: BooleanFromQuery.optional(),
  filters: z.string().max(20_000).optional(),
  query: z.string().max(200).optional(),
  language: z.enum(LOCALES).optional(),
  limit: IntFromQuery.pipe(z.number().int().min(1).max(500)).optional(),
  start: IntFromQuery.pipe(z.number().int().min(0)).optional(),
  sort: ColumnKeySchema.optional(),
  dir: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
})
export type GridListQuery = z.infer<typeof GridListQuerySchema>

/** One object as a grid row: system columns plus `values` by field (localized ones in the grid's language). */
export const GridRowSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  fullpath: z.string(),
  type: z.enum(['object', 'variant']),
  published: z.boolean(),
  creationDate: z.string(),
  modificationDate: z.string(),
  classname: z.string(),
  values: z.record(z.string(), z.unknown()),
  /** Select and multiselect labels by field (multiselect labels joined with ', '). */
  labels: z.record(z.string(), z.string()),
})
export type GridRow = z.infer<typeof GridRowSchema>

export const GridPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(GridRowSchema),
})
export type GridPage = z.infer<typeof GridPageSchema>

/** PUT /admin/object/grid-proxy: inline edit of one row; localized fields take the grid's language. */
export const GridUpdateSchema = z.object({
  id: BigIdSchema,
  values: z.record(ColumnKeySchema, z.unknown()),
  language: z.enum(LOCALES).default('cs'),
})
export type GridUpdate = z.infer<typeof GridUpdateSchema>

export const GridUpdateResultSchema = z.object({
  success: z.literal(true),
  row: GridRowSchema,
})

/** A column the grid can show. */
export const GridColumnInfoSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** A field type of the class, or 'system'. */
  type: z.string(),
  system: z.boolean(),
  localized: z.boolean(),
  /** Simple values the grid edits inline (and batch updates set). */
  editable: z.boolean(),
  filterType: z.enum(FILTER_TYPES).nullable(),
  options: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
})
export type GridColumnInfo = z.infer<typeof GridColumnInfoSchema>

export const GridColumnSchema = z.object({
  key: ColumnKeySchema,
  width: z.number().int().min(40).max(1000).optional(),
})
export type GridColumn = z.infer<typeof GridColumnSchema>

/** What a saved column configuration holds. */
export const GridConfigSchema = z.object({
  columns: z.array(GridColumnSchema).min(1).max(200),
  sort: GridSortSchema.optional(),
  filters: z.array(GridFilterSchema).max(50).optional(),
  pageSize: z.number().int().min(1).max(500).optional(),
  language: z.enum(LOCALES).optional(),
})
export type GridConfig = z.infer<typeof GridConfigSchema>

export const SavedGridConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  classId: z.string(),
  /** The folder it was saved for; null = any folder. */
  folderId: z.number().int().nullable(),
  ownerId: z.number().int(),
  isOwner: z.boolean(),
  shareGlobally: z.boolean(),
  sharedUserIds: z.array(z.number().int()),
  sharedRoleIds: z.array(z.number().int()),
  config: GridConfigSchema,
})
export type SavedGridConfig = z.infer<typeof SavedGridConfigSchema>

export const ColumnConfigQuerySchema = z.object({
  classId: z.string().min(1).max(64),
  folderId: IntFromQuery.pipe(z.number().int().min(0)).optional(),
  /** Load this configuration instead of the one in use; 0 = the class default. */
  configId: IntFromQuery.pipe(z.number().int().min(0).max(MAX_INT4_ID)).optional(),
})

/** GET grid-get-column-config: the columns on offer and the configuration in use. */
export const ColumnConfigAnswerSchema = z.object({
  available: z.array(GridColumnInfoSchema),
  /** The configuration in use: the user's favourite, else a shared one, else the class default (id null). */
  current: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    isFavourite: z.boolean(),
    config: GridConfigSchema,
  }),
  /** Every configuration the user may load for the class. */
  configs: z.array(SavedGridConfigSchema),
})
export type ColumnConfigAnswer = z.infer<typeof ColumnConfigAnswerSchema>

export const SaveColumnConfigSchema = z.object({
  /** Update this one (the caller's own); omitted = a new configuration. */
  id: IdSchema.optional(),
  classId: z.string().min(1).max(64),
  folderId: BigIdSchema.nullable().default(null),
  name: z.string().trim().min(1).max(190),
  description: z.string().max(1000).default(''),
  config: GridConfigSchema,
  shareGlobally: z.boolean().default(false),
  sharedUserIds: z.array(IdSchema).max(500).default([]),
  sharedRoleIds: z.array(IdSchema).max(500).default([]),
  /** Also make it the caller's favourite for this class and folder. */
  favourite: z.boolean().default(false),
})
export type SaveColumnConfig = z.infer<typeof SaveColumnConfigSchema>
export type SaveColumnConfigInput = z.input<typeof SaveColumnConfigSchema>

export const ConfigIdQuerySchema = z.object({ id: IdSchema })

export const MarkFavouriteSchema = z.object({
  id: IdSchema,
  /** The folder it is the favourite for; 0 = every folder. */
  folderId: z.number().int().min(0).default(0),
})

export const ApplyToAllSchema = z.object({ id: IdSchema })

export const AvailableFieldsQuerySchema = z.object({ classId: z.string().min(1).max(64) })

/** POST prepare-helper-column-configs: a temporary configuration (chosen columns) for an export. */
export const PrepareHelperConfigSchema = z.object({
  classId: z.string().min(1).max(64),
  columns: z.array(ColumnKeySchema).min(1).max(200),
})
export const HelperConfigAnswerSchema = z.object({
  helperConfigId: z.string(),
  columns: z.array(GridColumnInfoSchema),
})

export const LoadObjectDataQuerySchema = z.object({
  id: BigIdSchema,
  language: z.enum(LOCALES).optional(),
})

/** The ids a job over the grid's selection will process, in chunks. */
export const JobChunksSchema = z.object({
  total: z.number().int(),
  jobs: z.array(z.array(z.number().int())),
})

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** POST do-export: export the grid's selection (all pages) with the chosen columns. */
export const DoExportSchema = z.object({
  selection: GridSelectionSchema,
  sort: GridSortSchema.optional(),
  format: z.enum(EXPORT_FORMATS),
  /** The columns (keys) to export; or a prepared helper configuration. */
  columns: z.array(ColumnKeySchema).min(1).max(200).optional(),
  helperConfigId: z.string().uuid().optional(),
  /** Export only these ids (e.g. the selected rows). */
  ids: z.array(BigIdSchema).max(100_000).optional(),
})
export type DoExport = z.infer<typeof DoExportSchema>
export type DoExportInput = z.input<typeof DoExportSchema>

export const JobIdSchema = z.object({ jobId: z.string().uuid() })
export const JobIdQuerySchema = z.object({ id: z.string().uuid() })
export const DownloadQuerySchema = z.object({ jobId: z.string().uuid() })

/** PUT batch: set one field to one value on many objects (each saved on its own). */
export const BatchUpdateSchema = z.object({
  /** The objects: explicit ids, or the grid's whole selection. */
  ids: z.array(BigIdSchema).max(100_000).optional(),
  selection: GridSelectionSchema.optional(),
  field: ColumnKeySchema,
  value: z.unknown(),
  /** For a localized field: the language whose value is set. */
  language: z.enum(LOCALES).default('cs'),
  /** Publish each object (else a published object gets a draft). */
  publish: z.boolean().default(true),
})
export type BatchUpdate = z.infer<typeof BatchUpdateSchema>
export type BatchUpdateInput = z.input<typeof BatchUpdateSchema>

/** One failed object or CSV row of a job. */
export const JobItemErrorSchema = z.object({
  /** Object id (batch) or CSV line number (import). */
  id: z.number().int().optional(),
  row: z.number().int().optional(),
  key: z.string().optional(),
  message: z.string(),
})
export type JobItemError = z.infer<typeof JobItemErrorSchema>

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const

/** GET /admin/object-helper/job?id=: the caller's job. */
export const JobSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  done: z.number().int(),
  total: z.number().int(),
  /** 0–100. */
  percent: z.number().int(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /** The failure in the caller's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type Job = z.infer<typeof JobSchema>

/** The result of a batch or import job. */
export const JobOutcomeSchema = z.object({
  updated: z.number().int().default(0),
  created: z.number().int().default(0),
  failed: z.number().int().default(0),
  errors: z.array(JobItemErrorSchema).default([]),
})
export type JobOutcome = z.infer<typeof JobOutcomeSchema>

/** import-upload's form fields (besides the CSV file). */
export const ImportOptionsSchema = z.object({
  folderId: BigIdSchema,
  classId: z.string().min(1).max(64),
  /** The CSV column that holds the object key (identifies existing objects below the folder). */
  keyColumn: z.string().min(1).max(190).default('key'),
  /** CSV header → field name; headers not listed map to the field of the same name. */
  mapping: z.record(z.string(), z.string()).default({}),
  language: z.enum(LOCALES).default('cs'),
  publish: BooleanFromQuery.default(true),
})
export type ImportOptions = z.infer<typeof ImportOptionsSchema>

export const ExportConfigsSchema = z.object({
  formats: z.array(z.enum(EXPORT_FORMATS)),
  configs: z.array(SavedGridConfigSchema),
})

export const SuccessSchema = z.object({ success: z.literal(true) })
