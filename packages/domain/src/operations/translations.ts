import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'

/**
 * The shared translations' back-office API (/admin/translation/*, Pimcore's paths). One dictionary
 * holds the shop's and the back office's texts; a key's domain follows from its section (decision
 * 052), so no key is in two domains and the storefront never ships the back office's texts.
 */

export const TRANSLATION_DOMAINS = ['website', 'admin'] as const
export type TranslationDomain = (typeof TRANSLATION_DOMAINS)[number]

/**
 * Sections only the back office shows, besides every section named `admin…`: its screens'
 * catalogue sections and the PIM/DAM/CMS API's messages, which only staff read.
 */
const ADMIN_SECTIONS = new Set([
  'asset',
  'assetEditor',
  'assetGrid',
  'assetLibrary',
  'assetThumbnails',
  'assetTree',
  'assetUpload',
  'assetZip',
  'cmsAdminEditor',
  'cmsAdminTree',
  'cmsBricks',
  'cmsContent',
  'cmsEditables',
  'cmsMails',
  'cmsSites',
  'cmsTree',
  'contentExport',
  'emailLog',
  'forumModeration',
  'pimAssets',
  'pimClasses',
  'pimElements',
  'pimGrid',
  'pimObjects',
  'pimStores',
  'seoRedirects',
  'seoSite',
  'siteTools',
  'systemSettings',
  'tagManager',
  'thumbnailSettings',
  // Governance and insight (issue 20)
  'applicationLog',
  'customReports',
  'dashboards',
  'gdpr',
  'notifications',
  'targeting',
  'workflow',
])

/** The section of a key: what comes before its first dot. */
export function translationSectionOf(key: string): string {
  const dot = key.indexOf('.')
  return dot === -1 ? key : key.slice(0, dot)
}

/** `admin` for a back-office section's key, `website` for everything else. */
export function translationDomainOf(key: string): TranslationDomain {
  const section = translationSectionOf(key)
  return section.startsWith('admin') || ADMIN_SECTIONS.has(section) ? 'admin' : 'website'
}

/** The sections whose keys are the admin domain's, for a database filter. */
export function adminTranslationSections(): readonly string[] {
  return [...ADMIN_SECTIONS]
}

/** A translation key: printable, no surrounding spaces, at most 190 characters. */
export const TranslationKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(190)
  .regex(/^[^\s\p{Cc}][^\p{Cc}]*$/u)

export const TranslationTextSchema = z.string().max(20_000)

export const TranslationTextsSchema = z.partialRecord(z.enum(LOCALES), TranslationTextSchema)
export type TranslationTexts = z.infer<typeof TranslationTextsSchema>

export const TRANSLATION_SORTS = ['key', '-key', 'updatedAt', '-updatedAt'] as const
export type TranslationSort = (typeof TRANSLATION_SORTS)[number]

/** The grid's query: search in the key and every language's text, filters, paging. */
export const TranslationListQuerySchema = z.object({
  domain: z.enum(TRANSLATION_DOMAINS).default('website'),
  search: z.string().trim().max(200).default(''),
  /** Only keys without a text in this language. */
  missing: z.enum(LOCALES).optional(),
  /** Only keys with a text changed at or after this moment. */
  changedSince: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  sort: z.enum(TRANSLATION_SORTS).default('key'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
})
export type TranslationListQuery = z.infer<typeof TranslationListQuerySchema>

export const TranslationRowSchema = z.object({
  key: z.string(),
  domain: z.enum(TRANSLATION_DOMAINS),
  /** Whether the shop's own catalogue defines the key (it cannot be deleted then). */
  inCatalogue: z.boolean(),
  texts: z.record(z.string(), z.string()),
  updatedAt: z.string(),
})
export type TranslationRow = z.infer<typeof TranslationRowSchema>

export const TranslationListSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  data: z.array(TranslationRowSchema),
})
export type TranslationList = z.infer<typeof TranslationListSchema>

export const CreateTranslationSchema = z.object({
  key: TranslationKeySchema,
  texts: TranslationTextsSchema.default({}),
})
export const UpdateTranslationSchema = z.object({
  key: TranslationKeySchema,
  texts: TranslationTextsSchema,
})
export const DestroyTranslationSchema = z.object({ key: TranslationKeySchema })

/** `merge-item`: one text of one key (Pimcore sends `data` as `{ key, lg, text }`). */
export const MergeItemSchema = z.object({
  key: TranslationKeySchema,
  locale: z.enum(LOCALES),
  text: TranslationTextSchema,
})
export type MergeItem = z.infer<typeof MergeItemSchema>

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** One text an import would change. */
export const ImportChangeSchema = z.object({
  key: z.string(),
  locale: z.enum(LOCALES),
  before: z.string().nullable(),
  after: z.string(),
})
export type ImportChange = z.infer<typeof ImportChangeSchema>

/** `upload-import`'s answer: what was read and what applying it would change. */
export const ImportPreviewSchema = z.object({
  success: z.literal(true),
  importId: z.string(),
  format: z.enum(IMPORT_FORMATS),
  encoding: z.string(),
  delimiter: z.string(),
  locales: z.array(z.enum(LOCALES)),
  rows: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Of those, what `merge` would write: texts missing here or newer in the file. */
  mergeable: z.number().int(),
  /** The first changes, for the preview's diff. */
  changes: z.array(ImportChangeSchema),
})
export type ImportPreview = z.infer<typeof ImportPreviewSchema>

export const ApplyImportSchema = z.object({
  importId: z.string().regex(/^[0-9a-f-]{36}$/),
  merge: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
})
export type ApplyImport = z.infer<typeof ApplyImportSchema>

export const ImportResultSchema = z.object({
  success: z.literal(true),
  written: z.number().int(),
})

export const CleanupCandidateSchema = z.object({
  key: z.string(),
  reason: z.enum(['notInCatalogue', 'empty']),
})
export const CleanupResultSchema = z.object({
  success: z.literal(true),
  /** Listed, not deleted, when asked with `preview=1`. */
  preview: z.boolean(),
  keys: z.array(CleanupCandidateSchema),
})
export type CleanupResult = z.infer<typeof CleanupResultSchema>

export const TranslationDomainsSchema = z.object({
  domains: z.array(z.object({ name: z.enum(TRANSLATION_DOMAINS), keys: z.number().int() })),
})

export const WebsiteLanguagesSchema = z.object({
  view: z.array(z.enum(LOCALES)),
  edit: z.array(z.enum(LOCALES)),
})
