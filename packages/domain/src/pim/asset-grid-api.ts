import { z } from 'zod'
import { BigIdSchema, MAX_INT4_ID } from '../ids.ts'
import { LOCALES } from '@optika/i18n/locales'
import {
  EXPORT_FORMATS,
  GridColumnInfoSchema,
  GridFilterSchema,
  GridSortSchema,
  SaveColumnConfigSchema,
  SavedGridConfigSchema,
  GridConfigSchema,
} from './grid-api.ts'

/**
 * The asset grid (/admin/asset/grid-proxy) and the asset helper (/admin/asset-helper/*: column
 * configurations, metadata columns, exports and batch edits). Filters, sorts, column
 * configurations, jobs and downloads are the object grid's shapes (grid-api.ts).
 */

/** Columns every asset grid offers besides the custom metadata. */
export const ASSET_SYSTEM_COLUMNS = [
  'id',
  'key',
  'fullpath',
  'type',
  'mimetype',
  'size',
  'width',
  'height',
  'creationDate',
  'modificationDate',
] as const
export type AssetSystemColumn = (typeof ASSET_SYSTEM_COLUMNS)[number]

export function isAssetSystemColumn(key: string): key is AssetSystemColumn {
  return (ASSET_SYSTEM_COLUMNS as readonly string[]).includes(key)
}

/** A custom metadata column's key: `meta:<name>` (every language) or `meta:<name>~<language>`. */
export const METADATA_COLUMN_PREFIX = 'meta:'

/** The metadata field a column key names, or null for a key that is not a metadata column. */
export function parseMetadataColumn(key: string): { name: string; language: string } | null {
  if (!key.startsWith(METADATA_COLUMN_PREFIX)) return null
  const rest = key.slice(METADATA_COLUMN_PREFIX.length)
  const tilde = rest.lastIndexOf('~')
  const name = tilde < 0 ? rest : rest.slice(0, tilde)
  const language = tilde < 0 ? '' : rest.slice(tilde + 1)
  if (name.trim() === '' || name !== name.trim()) return null
  if (language !== '' && !(LOCALES as readonly string[]).includes(language)) return null
  return { name, language }
}

export function metadataColumnKey(name: string, language: string): string {
  return `${METADATA_COLUMN_PREFIX}${name}${language ? `~${language}` : ''}`
}

const IntFromQuery = z.coerce.number().int()
const BooleanFromQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
const ColumnKeySchema = z.string().min(1).max(64)

/** What assets a grid (or an export or batch job) covers. */
export const AssetGridSelectionSchema = z.object({
  folderId: BigIdSchema,
  /** Only the folder's direct children instead of its whole subtree. */
  onlyDirectChildren: z.boolean().default(false),
  /** List folders too (files only by default). */
  includeFolders: z.boolean().default(false),
  filters: z.array(GridFilterSchema).max(50).default([]),
  /** Full-text: key, path and every custom metadata value. */
  query: z.string().max(200).default(''),
})
export type AssetGridSelection = z.infer<typeof AssetGridSelectionSchema>

/** POST /admin/asset/grid-proxy: one page of rows. */
export const AssetGridListSchema = AssetGridSelectionSchema.extend({
  limit: z.number().int().min(1).max(500).default(25),
  start: z.number().int().min(0).max(MAX_INT4_ID).default(0),
  sort: GridSortSchema.optional(),
})
export type AssetGridList = z.infer<typeof AssetGridListSchema>
export type AssetGridListInput = z.input<typeof AssetGridListSchema>

/** GET /admin/asset/grid-proxy: the same as query parameters; `filters` is JSON. */
export const AssetGridListQuerySchema = z.object({
  folderId: BigIdSchema,
  onlyDirectChildren: BooleanFromQuery.optional(),
  includeFolders: BooleanFromQuery.optional(),
  filters: z.string().max(20_000).optional(),
  query: z.string().max(200).optional(),
  limit: IntFromQuery.pipe(z.number().int().min(1).max(500)).optional(),
  start: IntFromQuery.pipe(z.number().int().min(0).max(MAX_INT4_ID)).optional(),
  sort: ColumnKeySchema.optional(),
  dir: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
})
export type AssetGridListQuery = z.infer<typeof AssetGridListQuerySchema>

/** One asset as a grid row: the system columns, and its custom metadata by column key. */
export const AssetGridRowSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  fullpath: z.string(),
  type: z.string(),
  mimetype: z.string().nullable(),
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  creationDate: z.string(),
  modificationDate: z.string(),
  /** URL of a small picture of an image (as the tree's nodes have), else null. */
  thumbnail: z.string().nullable(),
  /** `meta:<name>` / `meta:<name>~<language>` → the field's data. */
  metadata: z.record(z.string(), z.unknown()),
})
export type AssetGridRow = z.infer<typeof AssetGridRowSchema>

export const AssetGridPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(AssetGridRowSchema),
})
export type AssetGridPage = z.infer<typeof AssetGridPageSchema>

/** A custom metadata value the grid sets; null or '' removes the field. */
export const AssetMetadataValueSchema = z.union([
  z.string().max(20_000),
  z.number(),
  z.boolean(),
  z.null(),
])

/** PUT|POST /admin/asset/grid-proxy: edit custom metadata of one asset (a new version). */
export const AssetGridUpdateSchema = z.object({
  id: BigIdSchema,
  values: z
    .record(ColumnKeySchema, AssetMetadataValueSchema)
    .refine((values) => Object.keys(values).length > 0, { message: 'validation.formError' }),
  /** The new version's note. */
  note: z.string().max(1000).optional(),
})
export type AssetGridUpdate = z.infer<typeof AssetGridUpdateSchema>

export const AssetGridUpdateResultSchema = z.object({
  success: z.literal(true),
  row: AssetGridRowSchema,
})

export const SavedAssetGridConfigSchema = SavedGridConfigSchema.omit({ classId: true })
export type SavedAssetGridConfig = z.infer<typeof SavedAssetGridConfigSchema>

export const AssetColumnConfigQuerySchema = z.object({
  folderId: IntFromQuery.pipe(z.number().int().min(0)).optional(),
  /** Load this configuration instead of the one in use; 0 = the default. */
  configId: IntFromQuery.pipe(z.number().int().min(0).max(MAX_INT4_ID)).optional(),
})

/** GET grid-get-column-config: the columns on offer and the configuration in use. */
export const AssetColumnConfigAnswerSchema = z.object({
  available: z.array(GridColumnInfoSchema),
  current: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    isFavourite: z.boolean(),
    config: GridConfigSchema,
  }),
  configs: z.array(SavedAssetGridConfigSchema),
})
export type AssetColumnConfigAnswer = z.infer<typeof AssetColumnConfigAnswerSchema>

/** POST grid-save-column-config: a new configuration or the caller's own, with its sharing. */
export const SaveAssetColumnConfigSchema = SaveColumnConfigSchema.omit({ classId: true })
export type SaveAssetColumnConfig = z.infer<typeof SaveAssetColumnConfigSchema>
export type SaveAssetColumnConfigInput = z.input<typeof SaveAssetColumnConfigSchema>

/** GET get-metadata-for-column-config: the custom metadata fields assets have, as columns. */
export const AssetMetadataColumnSchema = GridColumnInfoSchema.extend({
  name: z.string(),
  language: z.string(),
})
export const AssetMetadataColumnsSchema = z.object({
  columns: z.array(AssetMetadataColumnSchema),
})

/** POST prepare-helper-column-configs: a temporary column choice for an export. */
export const PrepareAssetHelperConfigSchema = z.object({
  columns: z.array(ColumnKeySchema).min(1).max(200),
})
export const AssetHelperConfigAnswerSchema = z.object({
  helperConfigId: z.string(),
  columns: z.array(GridColumnInfoSchema),
})

/** POST get-export-jobs / get-batch-jobs: the ids a job over the selection will process. */
export const AssetJobChunksInputSchema = AssetGridSelectionSchema.extend({
  sort: GridSortSchema.optional(),
})

/** POST do-export: export the selection (all pages) with the chosen columns. */
export const AssetDoExportSchema = z.object({
  selection: AssetGridSelectionSchema,
  sort: GridSortSchema.optional(),
  format: z.enum(EXPORT_FORMATS),
  columns: z.array(ColumnKeySchema).min(1).max(200).optional(),
  helperConfigId: z.string().uuid().optional(),
  /** Export only these ids (e.g. the selected rows). */
  ids: z.array(BigIdSchema).max(100_000).optional(),
})
export type AssetDoExport = z.infer<typeof AssetDoExportSchema>
export type AssetDoExportInput = z.input<typeof AssetDoExportSchema>

/** PUT batch: set one custom metadata field to one value on many assets (each its own version). */
export const AssetBatchSchema = z.object({
  /** The assets: explicit ids, or the grid's whole selection. */
  ids: z.array(BigIdSchema).min(1).max(100_000).optional(),
  selection: AssetGridSelectionSchema.optional(),
  /** A metadata column key (`meta:<name>` or `meta:<name>~<language>`). */
  column: ColumnKeySchema,
  value: AssetMetadataValueSchema,
  note: z.string().max(1000).optional(),
})
export type AssetBatch = z.infer<typeof AssetBatchSchema>
export type AssetBatchInput = z.input<typeof AssetBatchSchema>
