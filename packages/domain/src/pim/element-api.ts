import { z } from 'zod'
import { BigIdSchema, IdSchema, MAX_INT4_ID } from '../ids.ts'

/**
 * The element services API (Pimcore's /admin/element/*, /admin/tags/*, /admin/recyclebin/* and
 * /admin/search/*): locks, notes, usages, versions, dependencies, properties, schedules, tags,
 * the recycle bin and the back-office search. Every call names an element by
 * `(elementType, elementId)` so one API serves the object, asset and document trees.
 * Query strings carry numbers as text; the `z.coerce` schemas accept both.
 */

export const ELEMENT_TYPES = ['object', 'asset', 'document'] as const
export const ElementTypeSchema = z.enum(ELEMENT_TYPES)
export type ElementType = z.infer<typeof ElementTypeSchema>

/** An element named in a query string or body. */
export const ElementRefSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
})
export type ElementRefInput = z.infer<typeof ElementRefSchema>

/** Paging of every list: 1-based page, 1–200 rows (default 25). */
export const PageSchema = z.object({
  page: z.coerce.number().int().positive().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
})

/** A comma-separated query value or a JSON array: both become an array. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item),
  )
}

const Success = z.object({ success: z.literal(true) })
export const ElementSuccessSchema = Success

/** An element as other lists show it: where it is and what it is. `path` null = it no longer exists. */
export const ElementSummarySchema = z.object({
  elementType: ElementTypeSchema,
  elementId: z.number().int(),
  /** The full path (`/Products/Ray-Ban/rb-123`); null when the element is gone (e.g. in the bin). */
  path: z.string().nullable(),
  /** folder | object | variant for objects; folder | image | … for assets. */
  subtype: z.string().nullable(),
  classId: z.string().nullable(),
  published: z.boolean().nullable(),
})
export type ElementSummary = z.infer<typeof ElementSummarySchema>

export const ElementSummaryPageSchema = z.object({
  items: z.array(ElementSummarySchema),
  total: z.number().int(),
})
export type ElementSummaryPage = z.infer<typeof ElementSummaryPageSchema>

// ── Locks ───────────────────────────────────────────────────────────────────────────────────

/** PUT/POST /admin/element/lock and /unlock — body (or query string). */
/** `force` takes over a live lock of another user (their unsaved work is theirs to lose; they are warned on save). */
export const LockRequestSchema = ElementRefSchema.extend({ force: z.boolean().default(false) })

/** POST /admin/element/unlock-elements: unlocks them all, or (one refused) none. */
export const UnlockElementsSchema = z.object({
  elements: z.array(ElementRefSchema).min(1).max(200),
})

export const ElementLockSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  lockedAt: z.string(),
})
export type ElementLock = z.infer<typeof ElementLockSchema>

/** The answer of lock: the lock now held by the caller; `takenOver` when an expired lock of another user was replaced. */
export const LockResultSchema = z.object({
  lock: ElementLockSchema,
  takenOver: z.boolean(),
})
export type LockResult = z.infer<typeof LockResultSchema>

// ── Notes ───────────────────────────────────────────────────────────────────────────────────

export const NOTE_DATA_TYPES = ['text', 'date', 'object', 'asset', 'document', 'bool'] as const
export type NoteDataType = (typeof NOTE_DATA_TYPES)[number]

const NoteDataName = z.string().trim().min(1).max(190)

/** One typed value of a note: text, an ISO date, an element id, or a yes/no. */
export const NoteDataItemSchema = z.discriminatedUnion('type', [
  z.object({ name: NoteDataName, type: z.literal('text'), data: z.string().max(10_000) }),
  z.object({
    name: NoteDataName,
    type: z.literal('date'),
    /** `YYYY-MM-DD` or an ISO date-time. */
    data: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
  }),
  z.object({ name: NoteDataName, type: z.literal('object'), data: BigIdSchema }),
  z.object({ name: NoteDataName, type: z.literal('asset'), data: BigIdSchema }),
  z.object({ name: NoteDataName, type: z.literal('document'), data: BigIdSchema }),
  z.object({ name: NoteDataName, type: z.literal('bool'), data: z.boolean() }),
])
export type NoteDataItem = z.infer<typeof NoteDataItemSchema>

/** POST /admin/element/note-add */
export const NoteAddSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
  /** Free classification, e.g. 'content', 'notice', 'email'. */
  type: z.string().trim().max(64).default(''),
  title: z.string().trim().min(1).max(190),
  description: z.string().max(10_000).default(''),
  data: z.array(NoteDataItemSchema).max(50).default([]),
})
export type NoteAdd = z.input<typeof NoteAddSchema>

/** POST /admin/element/note-list — without an element: every note the caller may see. */
export const NoteListQuerySchema = PageSchema.extend({
  elementType: ElementTypeSchema.optional(),
  elementId: BigIdSchema.optional(),
  type: z.string().max(64).optional(),
  /** Searched in title and description (case-insensitive). */
  text: z.string().max(190).optional(),
})
export type NoteListQuery = z.input<typeof NoteListQuerySchema>

export const NoteSchema = z.object({
  id: z.number().int(),
  elementType: ElementTypeSchema,
  elementId: z.number().int(),
  /** The element's full path; null when it no longer exists. */
  elementPath: z.string().nullable(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  data: z.array(NoteDataItemSchema),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  date: z.string(),
})
export type Note = z.infer<typeof NoteSchema>

export const NotePageSchema = z.object({ items: z.array(NoteSchema), total: z.number().int() })
export type NotePage = z.infer<typeof NotePageSchema>

// ── Usages, dependencies, replace assignments ───────────────────────────────────────────────

/** GET /admin/element/find-usages — who requires this element. Answer: ElementSummaryPageSchema. */
export const FindUsagesQuerySchema = PageSchema.extend(ElementRefSchema.shape)
export type FindUsagesQuery = z.input<typeof FindUsagesQuerySchema>

/** GET /admin/element/dependencies — both directions, each paged by the same page/pageSize. */
export const DependenciesQuerySchema = FindUsagesQuerySchema
export type DependenciesQuery = z.input<typeof DependenciesQuerySchema>

export const DependenciesSchema = z.object({
  requires: ElementSummaryPageSchema,
  requiredBy: ElementSummaryPageSchema,
})
export type Dependencies = z.infer<typeof DependenciesSchema>

const RefObject = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
})

/** POST /admin/element/replace-assignments: in `sources` (default: all that require `from`), `from` → `to`. */
export const ReplaceAssignmentsSchema = z.object({
  from: RefObject,
  to: RefObject,
  sources: z.array(RefObject).max(1000).optional(),
})
export type ReplaceAssignments = z.infer<typeof ReplaceAssignmentsSchema>

export const ReplaceAssignmentResultSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: z.number().int(),
  path: z.string().nullable(),
  /** true = references rewritten and saved; false = refused (see `message`). */
  replaced: z.boolean(),
  /** Translated reason of a refusal. */
  message: z.string().optional(),
})
export type ReplaceAssignmentResult = z.infer<typeof ReplaceAssignmentResultSchema>

export const ReplaceAssignmentsResultSchema = z.object({
  results: z.array(ReplaceAssignmentResultSchema),
  replaced: z.number().int(),
})
export type ReplaceAssignmentsResult = z.infer<typeof ReplaceAssignmentsResultSchema>

// ── Versions ────────────────────────────────────────────────────────────────────────────────

/** GET /admin/element/versions?elementType=&elementId= */
export const VersionsQuerySchema = ElementRefSchema

export const VersionSchema = z.object({
  id: z.number().int(),
  versionCount: z.number().int(),
  date: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  note: z.string(),
  isPublic: z.boolean(),
  autoSave: z.boolean(),
  /** The version the element's row holds now while published (cannot be deleted). */
  current: z.boolean(),
  /** When an active publish-version schedule will publish this version. */
  scheduled: z.string().nullable(),
})
export type Version = z.infer<typeof VersionSchema>

export const VersionListSchema = z.object({ items: z.array(VersionSchema) })
export type VersionList = z.infer<typeof VersionListSchema>

/** DELETE /admin/element/versions?id= (the version's id). */
export const DeleteVersionQuerySchema = z.object({ id: BigIdSchema })

/** DELETE /admin/element/delete-all-versions: all but the newest and the published version go. */
export const DeleteAllVersionsQuerySchema = ElementRefSchema

export const DeleteAllVersionsResultSchema = z.object({
  success: z.literal(true),
  deleted: z.number().int(),
})
export type DeleteAllVersionsResult = z.infer<typeof DeleteAllVersionsResultSchema>

// ── Properties ──────────────────────────────────────────────────────────────────────────────

export const PROPERTY_TYPES = ['text', 'bool', 'select', 'object', 'asset', 'document'] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

const PropertyName = z
  .string()
  .trim()
  .min(1)
  .max(190)
  .regex(/^[^\s/]+$/)

/** One property as the editor sends it; `data` is typed by `type` (element ids for relations, null = empty). */
export const PropertyInputSchema = z.discriminatedUnion('type', [
  z.object({
    name: PropertyName,
    type: z.literal('text'),
    data: z.string().max(10_000).nullable(),
    inheritable: z.boolean().default(false),
  }),
  z.object({
    name: PropertyName,
    type: z.literal('select'),
    data: z.string().max(190).nullable(),
    inheritable: z.boolean().default(false),
  }),
  z.object({
    name: PropertyName,
    type: z.literal('bool'),
    data: z.boolean().nullable(),
    inheritable: z.boolean().default(false),
  }),
  ...(['object', 'asset', 'document'] as const).map((type) =>
    z.object({
      name: PropertyName,
      type: z.literal(type),
      data: BigIdSchema.nullable(),
      inheritable: z.boolean().default(false),
    }),
  ),
])
export type PropertyInput = z.input<typeof PropertyInputSchema>

/** PUT /admin/element/properties — replaces the element's own properties. */
export const SavePropertiesSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
  properties: z.array(PropertyInputSchema).max(200),
})
export type SaveProperties = z.input<typeof SavePropertiesSchema>

/** GET /admin/element/properties?elementType=&elementId= */
export const PropertiesQuerySchema = ElementRefSchema

export const PropertySchema = z.object({
  name: z.string(),
  type: z.enum(PROPERTY_TYPES),
  data: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  inheritable: z.boolean(),
  /** true = comes from an ancestor (read-only here; an own property of the same name overrides it). */
  inherited: z.boolean(),
  /** Full path of the element that defines it. */
  sourcePath: z.string(),
  sourceId: z.number().int(),
  /** Full path of the element `data` names (object/asset/document properties), null when gone. */
  targetPath: z.string().nullable(),
})
export type Property = z.infer<typeof PropertySchema>

export const PropertyListSchema = z.object({ items: z.array(PropertySchema) })
export type PropertyList = z.infer<typeof PropertyListSchema>

// ── Schedules ───────────────────────────────────────────────────────────────────────────────

export const SCHEDULE_ACTIONS = ['publish', 'unpublish', 'publish-version', 'delete'] as const
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number]

/** One scheduled task as the editor sends it; publish-version names the version. */
export const ScheduleTaskInputSchema = z.object({
  action: z.enum(SCHEDULE_ACTIONS),
  versionId: BigIdSchema.nullable().default(null),
  /** ISO date-time with offset. */
  date: z.iso.datetime({ offset: true }),
  active: z.boolean().default(true),
})
export type ScheduleTaskInput = z.input<typeof ScheduleTaskInputSchema>

/** PUT /admin/element/schedule — replaces the element's pending (not yet run) tasks. */
export const SaveScheduleSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
  tasks: z.array(ScheduleTaskInputSchema).max(100),
})
export type SaveSchedule = z.input<typeof SaveScheduleSchema>

/** GET /admin/element/schedule?elementType=&elementId= */
export const ScheduleQuerySchema = ElementRefSchema

export const ScheduleTaskSchema = z.object({
  id: z.number().int(),
  action: z.enum(SCHEDULE_ACTIONS),
  versionId: z.number().int().nullable(),
  date: z.string(),
  active: z.boolean(),
  userId: z.number().int().nullable(),
  /** When the scheduler ran it; null = pending. */
  doneAt: z.string().nullable(),
})
export type ScheduleTask = z.infer<typeof ScheduleTaskSchema>

export const ScheduleListSchema = z.object({ items: z.array(ScheduleTaskSchema) })
export type ScheduleList = z.infer<typeof ScheduleListSchema>

// ── Tags ────────────────────────────────────────────────────────────────────────────────────

export const TagNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** Names from the root, e.g. `/Brands/Ray-Ban`. */
  path: z.string(),
  hasChildren: z.boolean(),
})
export type TagNode = z.infer<typeof TagNodeSchema>

/** GET /admin/tags/tree-get-children-by-id?node= — children of a tag (no node / 0 = the roots). */
export const TagTreeQuerySchema = z.object({
  node: z.coerce.number().int().nonnegative().max(MAX_INT4_ID).default(0),
})

const TagName = z.string().trim().min(1).max(190)

/** POST /admin/tags/add */
export const TagAddSchema = z.object({
  name: TagName,
  parentId: IdSchema.nullable().default(null),
})
export type TagAdd = z.input<typeof TagAddSchema>

/** PUT /admin/tags/update — rename and/or move (parentId null = to the root). */
export const TagUpdateSchema = z.object({
  id: IdSchema,
  name: TagName.optional(),
  parentId: IdSchema.nullable().optional(),
})
export type TagUpdate = z.input<typeof TagUpdateSchema>

/** DELETE /admin/tags/delete?id= — the tag, its subtree and their assignments. */
export const TagDeleteQuerySchema = z.object({ id: IdSchema })

/** GET /admin/tags/load-tags-for-element?elementType=&elementId= → TagNode[] */
export const TagsForElementQuerySchema = ElementRefSchema

/** PUT /admin/tags/add-tag-to-element (body), DELETE /admin/tags/remove-tag-from-element (query). */
export const TagAssignmentSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
  tagId: IdSchema,
})
export type TagAssignment = z.input<typeof TagAssignmentSchema>

/** GET /admin/tags/get-batch-assignment-jobs — ids of the folder's whole subtree, chunked. */
export const BatchAssignmentJobsQuerySchema = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
  chunkSize: z.coerce.number().int().min(1).max(1000).default(100),
})
export type BatchAssignmentJobsQuery = z.input<typeof BatchAssignmentJobsQuerySchema>

export const BatchAssignmentJobsSchema = z.object({
  jobs: z.array(z.array(z.number().int())),
  total: z.number().int(),
})
export type BatchAssignmentJobs = z.infer<typeof BatchAssignmentJobsSchema>

/** PUT /admin/tags/do-batch-assignment — assign tags to one chunk; `removeOther` drops every other tag. */
export const BatchAssignmentSchema = z.object({
  elementType: ElementTypeSchema,
  elementIds: z.array(BigIdSchema).min(1).max(1000),
  tagIds: z.array(IdSchema).min(1).max(100),
  removeOther: z.boolean().default(false),
})
export type BatchAssignment = z.input<typeof BatchAssignmentSchema>

export const BatchAssignmentResultSchema = z.object({ assigned: z.number().int() })

// ── Recycle bin ─────────────────────────────────────────────────────────────────────────────

/** GET (query) / POST (body) /admin/recyclebin/list — newest first. */
export const RecycleBinListQuerySchema = PageSchema.extend({
  /** Searched in the path (case-insensitive). */
  text: z.string().max(190).optional(),
  elementType: ElementTypeSchema.optional(),
})
export type RecycleBinListQuery = z.input<typeof RecycleBinListQuerySchema>

export const RecycleBinEntrySchema = z.object({
  id: z.number().int(),
  elementType: ElementTypeSchema,
  elementId: z.number().int(),
  subtype: z.string(),
  /** Full path the element had. */
  path: z.string(),
  /** How many elements the entry holds (the subtree). */
  amount: z.number().int(),
  deletedBy: z.number().int().nullable(),
  deletedByName: z.string().nullable(),
  deletedAt: z.string(),
})
export type RecycleBinEntry = z.infer<typeof RecycleBinEntrySchema>

export const RecycleBinPageSchema = z.object({
  items: z.array(RecycleBinEntrySchema),
  total: z.number().int(),
})
export type RecycleBinPage = z.infer<typeof RecycleBinPageSchema>

/** POST /admin/recyclebin/restore */
export const RecycleBinRestoreSchema = z.object({ id: IdSchema })
export const RecycleBinRestoreResultSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: z.number().int(),
  amount: z.number().int(),
})

/** DELETE /admin/recyclebin/flush?id= — one entry; without id: the whole bin. */
export const RecycleBinFlushQuerySchema = z.object({ id: IdSchema.optional() })
export const RecycleBinFlushResultSchema = z.object({ flushed: z.number().int() })

/** POST /admin/recyclebin/add — deletes an element (and its subtree) into the bin. */
export const RecycleBinAddSchema = z.object({
  elementType: ElementTypeSchema,
  elementId: BigIdSchema,
})
export const RecycleBinAddResultSchema = z.object({
  binId: z.number().int(),
  amount: z.number().int(),
})

// ── Search ──────────────────────────────────────────────────────────────────────────────────

export const SEARCH_OBJECT_TYPES = ['object', 'folder', 'variant'] as const
export const SEARCH_SORTS = ['path', 'key', 'id', 'modified'] as const

/** GET (query: lists comma-separated) / POST (body) /admin/search/find */
export const SearchFindSchema = PageSchema.extend({
  /** Searched in key, full path and data (case-insensitive). */
  text: z.string().max(190).optional(),
  types: listOf(z.enum(SEARCH_OBJECT_TYPES)).optional(),
  classIds: listOf(z.string().max(64)).optional(),
  tagIds: listOf(IdSchema).optional(),
  /** Also match elements tagged with a subtag of a given tag. */
  includeSubtags: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
  sort: z.enum(SEARCH_SORTS).default('path'),
  order: z.enum(['asc', 'desc']).default('asc'),
})
export type SearchFind = z.input<typeof SearchFindSchema>

export const SearchHitSchema = z.object({
  elementType: ElementTypeSchema,
  id: z.number().int(),
  type: z.string(),
  key: z.string(),
  /** Full path. */
  path: z.string(),
  classId: z.string().nullable(),
  published: z.boolean(),
  modifiedAt: z.string(),
})
export type SearchHit = z.infer<typeof SearchHitSchema>

export const SearchPageSchema = z.object({
  items: z.array(SearchHitSchema),
  total: z.number().int(),
})
export type SearchPage = z.infer<typeof SearchPageSchema>

/** GET /admin/search/quicksearch?text= — the best 10. */
export const QuickSearchQuerySchema = z.object({ text: z.string().trim().min(1).max(190) })
export const QuickSearchResultSchema = z.object({ items: z.array(SearchHitSchema) })
