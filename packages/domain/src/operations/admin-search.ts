import { z } from 'zod'
import { ELEMENT_TYPES, ElementTypeSchema } from '../pim/element-api.ts'

/**
 * The back office's search over objects, assets and documents (issue 19, Pimcore's
 * `/admin/bundle/search/search/*`): full text, by id and by path, only what the caller may list.
 */
export const ADMIN_SEARCH_SORTS = ['relevance', 'path', 'key', 'id', 'modified', 'type'] as const
export type AdminSearchSort = (typeof ADMIN_SEARCH_SORTS)[number]

/** A comma-separated query value or a JSON array: both become an array. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    z.array(item).max(50),
  )
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value))

/** GET (query) / POST (body) /admin/bundle/search/search/find */
export const AdminSearchQuerySchema = z.object({
  /** Full text; a number also finds that id, a text starting with '/' the path and below. */
  query: optionalText(190),
  /** Pimcore's `type`: asset, document, object (none = all three). */
  type: listOf(ElementTypeSchema).optional(),
  /** Subtypes: object/variant/folder, image/video/document/…, page/snippet/email/…. */
  subtype: listOf(z.string().trim().max(32)).optional(),
  /** Object classes (Pimcore's `class`). */
  class: listOf(z.string().trim().max(64)).optional(),
  /** Only below this path (inclusive). */
  path: optionalText(1000),
  sort: z.enum(ADMIN_SEARCH_SORTS).default('relevance'),
  dir: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('asc'),
  start: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(25),
})
export type AdminSearchQuery = z.input<typeof AdminSearchQuerySchema>

export const AdminSearchHitSchema = z.object({
  elementType: ElementTypeSchema,
  id: z.number().int(),
  /** The subtype: object, variant, folder, image, page, email… */
  type: z.string(),
  key: z.string(),
  /** Full path. */
  path: z.string(),
  classId: z.string().nullable(),
  published: z.boolean(),
  modifiedAt: z.string(),
})
export type AdminSearchHit = z.infer<typeof AdminSearchHitSchema>

export const AdminSearchPageSchema = z.object({
  success: z.literal(true),
  data: z.array(AdminSearchHitSchema),
  total: z.number().int(),
})
export type AdminSearchPage = z.infer<typeof AdminSearchPageSchema>

/** GET /admin/bundle/search/search/quicksearch?query= — the best few of each type. */
export const QuickSearchQuerySchema = z.object({
  query: z.string().trim().min(1).max(190),
})

export const QuickSearchAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(AdminSearchHitSchema),
})
export type QuickSearchAnswer = z.infer<typeof QuickSearchAnswerSchema>

/** GET /admin/bundle/search/search/quicksearch-get-by-id?id=&type= — one hit's preview. */
export const QuickSearchByIdQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  type: z.enum(ELEMENT_TYPES),
})

export const SearchPreviewSchema = AdminSearchHitSchema.extend({
  /** Lines worth a glance: a document's title, an asset's size, an object's texts. */
  details: z.array(z.object({ name: z.string(), value: z.string() })),
  /** An image's thumbnail for the preview, when there is one. */
  imageUrl: z.string().nullable(),
})
export type SearchPreview = z.infer<typeof SearchPreviewSchema>
