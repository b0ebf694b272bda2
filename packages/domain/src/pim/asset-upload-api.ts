import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'

/**
 * Shapes of uploading, replacing and reading asset files (`/admin/asset/add-asset`,
 * `add-asset-compatibility`, `replace-asset`, `download`, `get-asset`, `get-text`, and the
 * resumable uploads under `/admin/asset/tus/`), shared by the server, the back office and tests.
 */

/** What kind of content a file family is; decides the asset type and how it is checked. */
export const ASSET_FILE_FAMILIES = ['image', 'svg', 'document', 'video', 'audio', 'text'] as const
export type AssetFileFamily = (typeof ASSET_FILE_FAMILIES)[number]

/**
 * Every file kind an upload may be, recognised from its bytes (never from its name or the
 * client's MIME type). `extensions` are the names the kind goes by; the first is the one a
 * stored key gets.
 */
export const ASSET_ALLOWED_FILES = [
  {
    kind: 'jpeg',
    family: 'image',
    mimeType: 'image/jpeg',
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
  },
  { kind: 'png', family: 'image', mimeType: 'image/png', extensions: ['png'] },
  { kind: 'webp', family: 'image', mimeType: 'image/webp', extensions: ['webp'] },
  { kind: 'gif', family: 'image', mimeType: 'image/gif', extensions: ['gif'] },
  { kind: 'avif', family: 'image', mimeType: 'image/avif', extensions: ['avif'] },
  { kind: 'tiff', family: 'image', mimeType: 'image/tiff', extensions: ['tif', 'tiff'] },
  { kind: 'svg', family: 'svg', mimeType: 'image/svg+xml', extensions: ['svg'] },
  { kind: 'pdf', family: 'document', mimeType: 'application/pdf', extensions: ['pdf'] },
  {
    kind: 'docx',
    family: 'document',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  {
    kind: 'xlsx',
    family: 'document',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  {
    kind: 'pptx',
    family: 'document',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  {
    kind: 'odt',
    family: 'document',
    mimeType: 'application/vnd.oasis.opendocument.text',
    extensions: ['odt'],
  },
  {
    kind: 'ods',
    family: 'document',
    mimeType: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['ods'],
  },
  {
    kind: 'odp',
    family: 'document',
    mimeType: 'application/vnd.oasis.opendocument.presentation',
    extensions: ['odp'],
  },
  { kind: 'doc', family: 'document', mimeType: 'application/msword', extensions: ['doc'] },
  { kind: 'xls', family: 'document', mimeType: 'application/vnd.ms-excel', extensions: ['xls'] },
  {
    kind: 'ppt',
    family: 'document',
    mimeType: 'application/vnd.ms-powerpoint',
    extensions: ['ppt'],
  },
  { kind: 'mp4', family: 'video', mimeType: 'video/mp4', extensions: ['mp4', 'm4v'] },
  { kind: 'webm', family: 'video', mimeType: 'video/webm', extensions: ['webm'] },
  { kind: 'mov', family: 'video', mimeType: 'video/quicktime', extensions: ['mov', 'qt'] },
  { kind: 'mp3', family: 'audio', mimeType: 'audio/mpeg', extensions: ['mp3'] },
  { kind: 'csv', family: 'text', mimeType: 'text/csv', extensions: ['csv'] },
  { kind: 'txt', family: 'text', mimeType: 'text/plain', extensions: ['txt', 'text', 'md', 'log'] },
] as const satisfies readonly {
  kind: string
  family: AssetFileFamily
  mimeType: string
  extensions: readonly string[]
}[]
export type AssetFileKind = (typeof ASSET_ALLOWED_FILES)[number]['kind']

/** Largest SVG accepted (its XML is parsed whole to check it). */
export const ASSET_MAX_SVG_BYTES = 2 * 1024 * 1024

/** Most characters `get-text` answers (the rest is cut, `truncated: true`). */
export const ASSET_TEXT_MAX_CHARS = 1_000_000

/** `POST /admin/asset/add-asset` and `add-asset-compatibility`: multipart fields besides `file`. */
export const AddAssetFieldsSchema = z.object({
  parentId: BigIdSchema.optional(),
  /** A folder path relative to `parentId` to create (or reuse) first: 'shoot/2026/day 1'. */
  dir: z.string().max(1000).optional(),
})
export type AddAssetFields = z.infer<typeof AddAssetFieldsSchema>

/** `POST /admin/asset/add-asset-compatibility`: Pimcore's answer for older upload forms. */
export const AddAssetCompatibilityAnswerSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  fullpath: z.string(),
  type: z.string(),
})

/** `POST|PUT /admin/asset/replace-asset?id=…` (multipart `file`, optional `note`). */
export const ReplaceAssetQuerySchema = z.object({ id: BigIdSchema })

/** `GET /admin/asset/get-text?id=…[&page=…]`: a PDF's page (from 1), or the whole text. */
export const AssetTextQuerySchema = z.object({
  id: BigIdSchema,
  page: z.coerce.number().int().positive().max(100_000).optional(),
})
export type AssetTextQuery = z.infer<typeof AssetTextQuerySchema>

export const AssetTextSchema = z.object({
  success: z.literal(true),
  text: z.string(),
  /** Pages of a PDF, else null. */
  pages: z.number().int().nonnegative().nullable(),
  /** True when the text was cut at ASSET_TEXT_MAX_CHARS. */
  truncated: z.boolean(),
})
export type AssetText = z.infer<typeof AssetTextSchema>

/** `GET /admin/asset/download?id=…` and `get-asset?id=…` */
export const AssetFileQuerySchema = z.object({ id: BigIdSchema })

/**
 * Resumable uploads (tus 1.0): create with `POST /admin/asset/tus/` and `Upload-Metadata`
 * `filename`, `parentId` (and optionally `dir`); the answer to the last `PATCH` carries the new
 * asset's id in the `Asset-Id` header.
 */
export const ASSET_TUS_PATH = '/admin/asset/tus/'
export const ASSET_TUS_ID_HEADER = 'Asset-Id'
export const AssetTusMetadataSchema = z.object({
  filename: z.string().min(1).max(1000),
  parentId: BigIdSchema,
  dir: z.string().max(1000).optional(),
})
export type AssetTusMetadata = z.infer<typeof AssetTusMetadataSchema>
