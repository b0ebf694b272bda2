import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'

/**
 * SEO redirects (issue 19, decision 054): Pimcore's `/admin/bundle/seo/redirects/*` calls with
 * typed shapes for the back office. A rule matches a request path exactly (`path`) or by a
 * regular expression whose captures fill `$1`… in the target (`regex`).
 */

export const REDIRECT_STATUS_CODES = [301, 302, 303, 307, 308] as const
export type RedirectStatusCode = (typeof REDIRECT_STATUS_CODES)[number]

export const REDIRECT_SOURCE_TYPES = ['path', 'regex'] as const
export type RedirectSourceType = (typeof REDIRECT_SOURCE_TYPES)[number]

/** Where a rule came from: typed in the back office, imported from CSV, or made by a slug change. */
export const REDIRECT_ORIGINS = ['manual', 'import', 'slug'] as const
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number]

export const REDIRECT_SOURCE_MAX = 1000
export const REDIRECT_TARGET_MAX = 2000
export const REDIRECT_PRIORITY_MAX = 99
/** CSV imports larger than this are refused before reading (streamed below it). */
export const REDIRECT_CSV_MAX_BYTES = 10 * 1024 * 1024
export const REDIRECT_CSV_MAX_ROWS = 50_000

const IsoDateTime = z.iso.datetime({ offset: true })

/** The fields a person edits; the same schema serves the form, the route and the CSV rows. */
export const RedirectInputSchema = z.object({
  sourceType: z.enum(REDIRECT_SOURCE_TYPES).default('path'),
  source: z.string().trim().min(1, 'seoRedirects.error.sourceRequired').max(REDIRECT_SOURCE_MAX),
  target: z.string().trim().min(1, 'seoRedirects.error.targetRequired').max(REDIRECT_TARGET_MAX),
  statusCode: z.coerce
    .number()
    .int()
    .refine((code) => (REDIRECT_STATUS_CODES as readonly number[]).includes(code), {
      message: 'seoRedirects.error.statusCode',
    })
    .default(301),
  priority: z.coerce.number().int().min(0).max(REDIRECT_PRIORITY_MAX).default(0),
  siteId: z.number().int().positive().nullable().default(null),
  language: z.enum(LOCALES).nullable().default(null),
  active: z.boolean().default(true),
  passQuery: z.boolean().default(false),
  activeFrom: IsoDateTime.nullable().default(null),
  activeTo: IsoDateTime.nullable().default(null),
  expiresAt: IsoDateTime.nullable().default(null),
})
export type RedirectInput = z.infer<typeof RedirectInputSchema>

export const RedirectSchema = RedirectInputSchema.extend({
  id: z.number().int(),
  origin: z.enum(REDIRECT_ORIGINS),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Redirect = z.infer<typeof RedirectSchema>

export const REDIRECT_SORT_FIELDS = [
  'source',
  'target',
  'statusCode',
  'priority',
  'updatedAt',
  'expiresAt',
] as const

/** The list's query: search in source and target, filters, sort and paging. */
export const RedirectListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  statusCode: z.coerce.number().int().optional(),
  sourceType: z.enum(REDIRECT_SOURCE_TYPES).optional(),
  state: z.enum(['active', 'inactive', 'expired']).optional(),
  sort: z.enum(REDIRECT_SORT_FIELDS).default('priority'),
  dir: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('DESC'),
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
})
export type RedirectListQuery = z.infer<typeof RedirectListQuerySchema>

export const RedirectListSchema = z.object({
  success: z.literal(true),
  data: z.array(RedirectSchema),
  total: z.number().int(),
})
export type RedirectList = z.infer<typeof RedirectListSchema>

/** "Test a URL": the rule that answers it, each hop, and where the visitor ends up. */
export const RedirectTestInputSchema = z.object({
  url: z.string().trim().min(1, 'seoRedirects.error.urlRequired').max(REDIRECT_TARGET_MAX),
  host: z.string().max(255).optional(),
})
export const RedirectTestResultSchema = z.object({
  matched: z.boolean(),
  hops: z.array(
    z.object({
      redirectId: z.number().int(),
      from: z.string(),
      to: z.string(),
      statusCode: z.number().int(),
    }),
  ),
  finalTarget: z.string().nullable(),
})
export type RedirectTestResult = z.infer<typeof RedirectTestResultSchema>

/** One refused CSV line: its number (1 = the header) and the translated reason. */
export const RedirectImportErrorSchema = z.object({
  line: z.number().int(),
  message: z.string(),
})
export const RedirectImportResultSchema = z.object({
  success: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(RedirectImportErrorSchema),
})
export type RedirectImportResult = z.infer<typeof RedirectImportResultSchema>

export const RedirectStatusCodesSchema = z.object({
  data: z.array(z.object({ value: z.number().int(), label: z.string() })),
})

export const RedirectCleanupResultSchema = z.object({
  success: z.literal(true),
  deleted: z.number().int(),
})

/** The CSV's columns, in order (export writes them, import reads them by name). */
export const REDIRECT_CSV_COLUMNS = [
  'sourceType',
  'source',
  'target',
  'statusCode',
  'priority',
  'siteId',
  'language',
  'active',
  'passQuery',
  'activeFrom',
  'activeTo',
  'expiresAt',
] as const
