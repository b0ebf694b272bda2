import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'

/**
 * Site operations for search engines (issue 19): robots.txt per site, the sitemap's state, the
 * storefront's HTTP error log and the SEO panel (titles and descriptions of pages and categories).
 */

/** A robots.txt is small text: 64 KiB is far above what crawlers read (Google stops at 500 KiB). */
export const ROBOTS_TXT_MAX_LENGTH = 64 * 1024

/** 0 = the main shop; other ids are sites (`/admin/document/site-*`). */
export const RobotsSiteIdSchema = z.coerce.number().int().min(0).max(2_147_483_647)

export const RobotsTxtEntrySchema = z.object({
  siteId: z.number().int(),
  /** The main shop's name is empty; a site is named by its main domain. */
  siteName: z.string(),
  /** The host the file is served on ('' for the main shop: every host no site claims). */
  host: z.string(),
  content: z.string(),
  /** True when nobody saved this site's file yet and the shop's default is served. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type RobotsTxtEntry = z.infer<typeof RobotsTxtEntrySchema>

export const RobotsTxtListSchema = z.object({
  success: z.literal(true),
  items: z.array(RobotsTxtEntrySchema),
  /** Pimcore's shape: site id → content. */
  data: z.record(z.string(), z.string()),
})
export type RobotsTxtList = z.infer<typeof RobotsTxtListSchema>

/** Control characters other than tab and line breaks have no place in robots.txt. */
function hasNoControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return false
  }
  return true
}

export const RobotsTxtContentSchema = z
  .string()
  .max(ROBOTS_TXT_MAX_LENGTH, 'seoSite.robots.tooLong')
  .refine(hasNoControlCharacters, 'seoSite.robots.invalidCharacters')

/** PUT: one site's file (`siteId` + `content`), or Pimcore's `data` map of site id → content. */
export const RobotsTxtPutSchema = z.union([
  z.object({ siteId: RobotsSiteIdSchema, content: RobotsTxtContentSchema }),
  z.object({ data: z.record(z.string(), RobotsTxtContentSchema) }),
])
export type RobotsTxtPut = z.infer<typeof RobotsTxtPutSchema>

// ——— sitemap ———

export const SITEMAP_KINDS = ['products', 'categories', 'documents', 'articles'] as const
export type SitemapKind = (typeof SITEMAP_KINDS)[number]

/** The sitemaps.org limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000

export const SitemapStateSchema = z.object({
  /** Null until the first generation finished. */
  generatedAt: z.string().nullable(),
  durationMs: z.number().int(),
  /** URLs per kind, over all languages. */
  urlCounts: z.record(z.string(), z.number().int()),
  files: z.array(z.object({ name: z.string(), urls: z.number().int() })),
  /** A generation is queued or running. */
  pending: z.boolean(),
  /** Where crawlers find the index. */
  indexUrl: z.string(),
})
export type SitemapState = z.infer<typeof SitemapStateSchema>

// ——— HTTP error log ———

export const HTTP_ERROR_SORTS = ['lastSeen', 'firstSeen', 'count', 'uri', 'code'] as const
export type HttpErrorSort = (typeof HTTP_ERROR_SORTS)[number]

/** Pimcore's list parameters (`filter`, `start`, `limit`, `sort` as JSON) and our plain ones. */
export const HttpErrorListQuerySchema = z.object({
  filter: z.string().max(500).default(''),
  code: z.enum(['all', '404', '5xx']).default('all'),
  sort: z.enum(HTTP_ERROR_SORTS).default('lastSeen'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
})
export type HttpErrorListQuery = z.infer<typeof HttpErrorListQuerySchema>

export const HttpErrorSchema = z.object({
  id: z.number().int(),
  uri: z.string(),
  code: z.number().int(),
  referrer: z.string(),
  userAgent: z.string(),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
})
export type HttpError = z.infer<typeof HttpErrorSchema>

export const HttpErrorListSchema = z.object({
  success: z.literal(true),
  items: z.array(HttpErrorSchema),
  total: z.number().int(),
})
export type HttpErrorList = z.infer<typeof HttpErrorListSchema>

/** One entry by our id, or by Pimcore's `uri` (its newest status). */
export const HttpErrorDetailQuerySchema = z
  .object({
    id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    uri: z.string().min(1).max(2_000).optional(),
  })
  .refine((query) => query.id !== undefined || query.uri !== undefined, {
    message: 'seoSite.httpErrors.idOrUri',
  })

// ——— SEO panel ———

/** Lengths search engines show (Pimcore's SEO panel flags the same). */
export const SEO_TITLE_MAX = 60
export const SEO_DESCRIPTION_MAX = 160

export const SEO_ISSUES = [
  'titleMissing',
  'titleTooLong',
  'descriptionMissing',
  'descriptionTooLong',
] as const
export type SeoIssue = (typeof SEO_ISSUES)[number]

export const SeoNodeSchema = z.object({
  /** `document-12`, `category-34`, or `categories` (the virtual folder of the category tree). */
  id: z.string(),
  kind: z.enum(['document', 'category', 'folder']),
  /** The document's type, or 'category'. */
  type: z.string(),
  label: z.string(),
  /** The document's path, or the category's storefront path in the language. */
  path: z.string(),
  published: z.boolean(),
  hasChildren: z.boolean(),
  /** Pages and categories have SEO texts; folders, links and snippets do not. */
  hasSeo: z.boolean(),
  title: z.string(),
  description: z.string(),
  titleLength: z.number().int(),
  descriptionLength: z.number().int(),
  issues: z.array(z.enum(SEO_ISSUES)),
  /** The document's language (inherited from its language root), or the categories' one. */
  language: z.string().nullable(),
})
export type SeoNode = z.infer<typeof SeoNodeSchema>

export const SeoTreeQuerySchema = z.object({
  node: z.string().max(40).default('root'),
  /** The language of categories' texts. */
  language: z.string().max(10).optional(),
})

export const SeoTreeSchema = z.object({
  success: z.literal(true),
  nodes: z.array(SeoNodeSchema),
})
export type SeoTree = z.infer<typeof SeoTreeSchema>

/** The panel's inline edit: a page's title and description, or a category's description in a language. */
export const SeoUpdateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document'),
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    title: z.string().max(300, 'seoSite.seoPanel.titleTooLong'),
    description: z.string().max(1_000, 'seoSite.seoPanel.descriptionTooLong'),
  }),
  z.object({
    kind: z.literal('category'),
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    language: z.enum(LOCALES),
    description: z.string().max(1_000, 'seoSite.seoPanel.descriptionTooLong'),
  }),
])
export type SeoUpdate = z.infer<typeof SeoUpdateSchema>

/** Flags a text's length the way the panel shows it. */
export function seoIssuesOf(title: string, description: string): SeoIssue[] {
  const issues: SeoIssue[] = []
  if (title.trim() === '') issues.push('titleMissing')
  else if (title.length > SEO_TITLE_MAX) issues.push('titleTooLong')
  if (description.trim() === '') issues.push('descriptionMissing')
  else if (description.length > SEO_DESCRIPTION_MAX) issues.push('descriptionTooLong')
  return issues
}
