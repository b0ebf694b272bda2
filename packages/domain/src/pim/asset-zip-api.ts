import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'

/**
 * Shapes of the asset library's zip calls (`/admin/asset/import-zip…`, `…/download-as-zip…`),
 * shared by the server, the back office and tests. Both directions run as tracked jobs: the
 * start call answers `{ jobId }`, the second call reports the job, the download streams the zip.
 */

/** `POST /admin/asset/import-zip?parentId=…` (multipart: the archive in `file`; `parentId` may be a form field). */
export const ImportZipQuerySchema = z.object({ parentId: BigIdSchema.optional() })
export type ImportZipQuery = z.infer<typeof ImportZipQuerySchema>

/** `POST /admin/asset/import-zip-files` and `GET /admin/asset/download-as-zip-add-files`: which job. */
export const ZipJobIdSchema = z.object({ jobId: z.string().uuid() })
export type ZipJobId = z.infer<typeof ZipJobIdSchema>

/** Ids as a list or as Pimcore's comma-separated string ('12,13'). */
const IdListSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : value,
  z.array(BigIdSchema).max(100_000),
)

/**
 * `GET /admin/asset/download-as-zip-jobs?id=…&selectedIds=…`: the folder (or file) `id`, and
 * optionally only these assets and folders inside it; paths in the zip are relative to `id`.
 */
export const DownloadAsZipJobsQuerySchema = z.object({
  id: BigIdSchema,
  selectedIds: IdListSchema.optional(),
})
export type DownloadAsZipJobsQuery = z.infer<typeof DownloadAsZipJobsQuerySchema>

/** One entry of the zip that could not be imported (not a hostile archive: e.g. a type not accepted). */
export const ZipImportErrorSchema = z.object({
  /** The entry's path inside the archive. */
  name: z.string(),
  message: z.string(),
})
export type ZipImportError = z.infer<typeof ZipImportErrorSchema>

/** The `result` of a finished zip import job. */
export const ZipImportResultSchema = z.object({
  created: z.number().int().nonnegative(),
  folders: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  errors: z.array(ZipImportErrorSchema),
})
export type ZipImportResult = z.infer<typeof ZipImportResultSchema>

/** The `result` of a finished zip export job: what `download-as-zip` will stream. */
export const ZipExportResultSchema = z.object({
  files: z.number().int().nonnegative(),
  folders: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** The suggested file name ('<folder>.zip', or 'assets.zip' for the root). */
  fileName: z.string(),
})
export type ZipExportResult = z.infer<typeof ZipExportResultSchema>
