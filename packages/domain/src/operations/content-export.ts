import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { BigIdSchema } from '../ids.ts'

/*
 * Word and XLIFF export and import of documents' and objects' texts for translators
 * (Pimcore's WordExportBundle and XliffBundle, and /admin/translation/content-export-jobs).
 */

/** Pimcore posts lists as a JSON string in a form field; a JSON value is accepted as well. */
function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value) as unknown
    } catch {
      return value
    }
  }, schema)
}

export const CONTENT_ELEMENT_TYPES = ['document', 'object'] as const
export type ContentElementType = (typeof CONTENT_ELEMENT_TYPES)[number]

export const XLIFF_VERSIONS = ['1.2', '2.0'] as const
export type XliffVersion = (typeof XLIFF_VERSIONS)[number]

export const CONTENT_EXPORT_FORMATS = ['xliff', 'word'] as const
export type ContentExportFormat = (typeof CONTENT_EXPORT_FORMATS)[number]

/** At most this many elements in one export (after children and relations are added). */
export const CONTENT_EXPORT_MAX_ELEMENTS = 2_000
/** An XLIFF upload larger than this is refused before it is parsed. */
export const XLIFF_IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** Translation units in one XLIFF file. */
export const XLIFF_IMPORT_MAX_UNITS = 50_000

/** One chosen element; `children` adds everything below it, `relations` what it refers to. */
export const ContentExportElementSchema = z
  .object({
    type: z.enum(CONTENT_ELEMENT_TYPES),
    /** The element by id, or by its full path (`/en/terms`). */
    id: BigIdSchema.optional(),
    path: z.string().trim().startsWith('/').max(2_000).optional(),
    children: z.boolean().default(false),
    relations: z.boolean().default(false),
  })
  .refine((element) => element.id !== undefined || element.path !== undefined, {
    path: ['id'],
  })
export type ContentExportElement = z.input<typeof ContentExportElementSchema>

const LanguageSchema = z.enum(LOCALES)

/** POST /admin/translation/content-export-jobs: which elements an export would contain. */
export const ContentExportJobsBodySchema = z.object({
  elements: jsonField(z.array(ContentExportElementSchema).min(1).max(500)),
  type: z.enum(CONTENT_EXPORT_FORMATS).default('xliff'),
})
export type ContentExportJobsBody = z.input<typeof ContentExportJobsBodySchema>

/** One element an export contains, with its path for the list the screen shows. */
export const ContentExportItemSchema = z.object({
  type: z.enum(CONTENT_ELEMENT_TYPES),
  id: z.number().int(),
  path: z.string(),
  /** A document's language (objects are localized field by field: null). */
  language: z.enum(LOCALES).nullable(),
})
export type ContentExportItem = z.infer<typeof ContentExportItemSchema>

export const ContentExportJobsSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  elements: z.array(ContentExportItemSchema),
  /** The elements in chunks of 20, as Pimcore's progress bar runs them. */
  jobs: z.array(z.array(ContentExportItemSchema)),
})
export type ContentExportJobs = z.infer<typeof ContentExportJobsSchema>

/** POST …/xliff-export and …/word-export: starts an export job. */
export const ContentExportBodySchema = z.object({
  elements: jsonField(z.array(ContentExportElementSchema).min(1).max(500)),
  source: LanguageSchema,
  target: jsonField(z.array(LanguageSchema).min(1).max(LOCALES.length)),
  /** XLIFF only. */
  version: z.enum(XLIFF_VERSIONS).default('1.2'),
})
export type ContentExportBody = z.input<typeof ContentExportBodySchema>

export const ContentExportStartedSchema = z.object({
  success: z.literal(true),
  jobId: z.string(),
  total: z.number().int(),
})
export type ContentExportStarted = z.infer<typeof ContentExportStartedSchema>

/** GET …-download?id=&language= (XLIFF: one file per target language; default the first). */
export const ContentExportDownloadQuerySchema = z.object({
  id: z.uuid(),
  language: LanguageSchema.optional(),
})

/** GET /admin/translation/content-export-job?id= — an export job's progress and files. */
export const ContentExportJobQuerySchema = z.object({ id: z.uuid() })

/** One element of an uploaded XLIFF file, imported by one xliff-import-element call. */
export const XliffImportStepSchema = z.object({
  step: z.number().int(),
  type: z.enum(CONTENT_ELEMENT_TYPES),
  id: z.number().int(),
  language: z.enum(LOCALES),
  units: z.number().int(),
})
export type XliffImportStep = z.infer<typeof XliffImportStepSchema>

/** The answer of POST …/xliff-import-upload. */
export const XliffImportUploadSchema = z.object({
  success: z.literal(true),
  id: z.uuid(),
  version: z.enum(XLIFF_VERSIONS),
  total: z.number().int(),
  steps: z.array(XliffImportStepSchema),
})
export type XliffImportUpload = z.infer<typeof XliffImportUploadSchema>

/** POST …/xliff-import-element: imports step `step` of upload `id`. */
export const XliffImportElementBodySchema = z.object({
  id: z.uuid(),
  step: z.coerce.number().int().min(0).max(XLIFF_IMPORT_MAX_UNITS),
})
export type XliffImportElementBody = z.input<typeof XliffImportElementBodySchema>

/** What one element's import did: a new version (never published), or why not. */
export const XliffImportResultSchema = z.object({
  success: z.boolean(),
  type: z.enum(CONTENT_ELEMENT_TYPES),
  id: z.number().int(),
  /** The element written (a document's translation in the target language), when found. */
  targetId: z.number().int().nullable(),
  path: z.string().nullable(),
  language: z.enum(LOCALES),
  /** Texts that changed; 0 means nothing was written. */
  changed: z.number().int(),
  /** Units that could not be placed (the field or editable is gone). */
  skipped: z.array(z.string()),
  versionCount: z.number().int().nullable(),
  /** Why the element was not imported, in the caller's language. */
  message: z.string().nullable(),
})
export type XliffImportResult = z.infer<typeof XliffImportResultSchema>
