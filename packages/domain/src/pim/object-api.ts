import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'
import { LayoutNodeSchema, SelectOptionSchema } from './class-definition.ts'

/**
 * The data-object tree and editor API (/admin/object/*, Pimcore's paths) and the variants API
 * (/admin/variants/*). Elements are folders, objects and variants; `path` is the parent's full
 * path ending in '/', `fullPath` is `path + key` (the root folder: key '', path '/', fullPath '/').
 */

const Offset = z.coerce.number().int().nonnegative()

/** Keys: trimmed, not empty, no '/', at most 190 characters (checked again by the server). */
export const ELEMENT_KEY_MAX = 190
export const ElementKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(ELEMENT_KEY_MAX)
  .refine((key) => !key.includes('/'))

export const ElementTypeSchema = z.enum(['folder', 'object', 'variant'])
export type ObjectElementType = z.infer<typeof ElementTypeSchema>

export const ChildrenSortBySchema = z.enum(['key', 'index'])
export const ChildrenSortOrderSchema = z.enum(['asc', 'desc'])

/** What the signed-in user may do with an element (workspace rights on its full path). */
export const ElementPermissionsSchema = z.object({
  list: z.boolean(),
  view: z.boolean(),
  save: z.boolean(),
  publish: z.boolean(),
  unpublish: z.boolean(),
  delete: z.boolean(),
  rename: z.boolean(),
  create: z.boolean(),
  versions: z.boolean(),
  properties: z.boolean(),
})
export type ElementPermissions = z.infer<typeof ElementPermissionsSchema>

// ── Tree ────────────────────────────────────────────────────────────────────────────────────

export const ObjectTreeNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  key: z.string(),
  path: z.string(),
  fullPath: z.string(),
  type: ElementTypeSchema,
  classId: z.string().nullable(),
  className: z.string().optional(),
  published: z.boolean(),
  index: z.number().int(),
  hasChildren: z.boolean(),
  /** Another user holds a live edit lock. */
  locked: z.boolean().optional(),
  permissions: ElementPermissionsSchema,
})
export type ObjectTreeNode = z.infer<typeof ObjectTreeNodeSchema>

/** GET /admin/object/tree-get-root — the root folder (id 1). */
export const TreeRootQuerySchema = z.object({ id: BigIdSchema.default(1) })

/** GET /admin/object/tree-get-children-by-id?node=&limit=&start=&filter= */
export const TreeChildrenQuerySchema = z.object({
  node: BigIdSchema,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** Offset of the first child (Pimcore's `start`). */
  start: Offset.default(0),
  /** Same as `start` (wins when both are given). */
  offset: Offset.optional(),
  /** Only children whose key contains this text (case-insensitive). */
  filter: z.string().trim().max(190).optional(),
  /** false: leave variants out (the editor's variants tab lists them); default: include them. */
  withVariants: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
})
export type TreeChildrenQuery = z.infer<typeof TreeChildrenQuerySchema>

export const TreeChildrenSchema = z.object({
  /** Children the user may list (matching the filter), for paging. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  nodes: z.array(ObjectTreeNodeSchema),
})
export type TreeChildren = z.infer<typeof TreeChildrenSchema>

/** GET /admin/object/get-id-path-paging-info?id=&limit= — to reveal an element in a paged tree. */
export const IdPathPagingInfoQuerySchema = z.object({
  id: BigIdSchema,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
})
export const IdPathPagingInfoSchema = z.object({
  /** From the root down: in parent `parentId`, the child `id` lies at `offset`, on page `page` (0-based). */
  steps: z.array(
    z.object({
      parentId: z.number().int(),
      id: z.number().int(),
      offset: z.number().int(),
      page: z.number().int(),
      total: z.number().int(),
    }),
  ),
})
export type IdPathPagingInfo = z.infer<typeof IdPathPagingInfoSchema>

/** PUT /admin/object/change-children-sort-by */
export const ChangeChildrenSortBySchema = z.object({
  id: BigIdSchema,
  sortBy: ChildrenSortBySchema,
  sortOrder: ChildrenSortOrderSchema.default('asc'),
})

// ── Elements ────────────────────────────────────────────────────────────────────────────────

/** POST /admin/object/add — an object of a class, or a variant of an object (same class). */
export const AddObjectSchema = z.object({
  parentId: BigIdSchema,
  key: ElementKeySchema,
  /** Required for objects; a variant takes its parent's class. */
  classId: z.string().min(1).max(64).optional(),
  type: z.enum(['object', 'variant']).default('object'),
})
export type AddObject = z.infer<typeof AddObjectSchema>

/** POST /admin/object/add-folder */
export const AddFolderSchema = z.object({
  parentId: BigIdSchema,
  key: ElementKeySchema,
})

export const AddedElementSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  path: z.string(),
  fullPath: z.string(),
  type: ElementTypeSchema,
})
export type AddedElement = z.infer<typeof AddedElementSchema>

export const IdQuerySchema = z.object({ id: BigIdSchema })

export const LockInfoSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  lockedAt: z.string(),
})

const JsonRecord = z.record(z.string(), z.unknown())

/** A draft: a version newer than the row (saved without publishing). */
export const DraftSchema = z.object({
  versionId: z.number().int(),
  versionCount: z.number().int(),
  data: JsonRecord,
  createdAt: z.string(),
  userId: z.number().int().nullable(),
})

/** GET /admin/object/get?id= — an object or variant for the editor. */
export const ObjectDetailSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  key: z.string(),
  path: z.string(),
  fullPath: z.string(),
  type: z.enum(['object', 'variant']),
  classId: z.string(),
  className: z.string(),
  allowVariants: z.boolean(),
  allowInherit: z.boolean(),
  /** The layout this user sees (a custom layout when one applies). */
  layout: z.array(LayoutNodeSchema),
  /** The row's own data (what is published when `published`). */
  data: JsonRecord,
  /** Per field, the value the nearest ancestor of the same class has (only for allowInherit classes, only fields empty here). */
  inherited: JsonRecord,
  published: z.boolean(),
  index: z.number().int(),
  versionCount: z.number().int(),
  draft: DraftSchema.nullable(),
  lock: LockInfoSchema.nullable(),
  permissions: ElementPermissionsSchema,
  /** Number of variants (children of type 'variant'). */
  variantCount: z.number().int(),
  childrenSortBy: ChildrenSortBySchema,
  childrenSortOrder: ChildrenSortOrderSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  userModification: z.number().int().nullable(),
})
export type ObjectDetail = z.infer<typeof ObjectDetailSchema>

/** GET /admin/object/get-folder?id= */
export const FolderDetailSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  key: z.string(),
  path: z.string(),
  fullPath: z.string(),
  type: z.literal('folder'),
  index: z.number().int(),
  childrenCount: z.number().int(),
  childrenSortBy: ChildrenSortBySchema,
  childrenSortOrder: ChildrenSortOrderSchema,
  lock: LockInfoSchema.nullable(),
  permissions: ElementPermissionsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type FolderDetail = z.infer<typeof FolderDetailSchema>

/** POST|PUT /admin/object/save */
export const SaveObjectSchema = z.object({
  id: BigIdSchema,
  data: JsonRecord,
  /** publish | unpublish | save (keeps the published state; a draft when published) | version (only a version). */
  task: z.enum(['publish', 'unpublish', 'save', 'version']).default('save'),
  /** true: `data` is a patch of fields over the stored data; false: the whole data. */
  merge: z.boolean().default(true),
})
export type SaveObjectInput = z.infer<typeof SaveObjectSchema>

export const SaveObjectResultSchema = z.object({
  id: z.number().int(),
  versionCount: z.number().int(),
  published: z.boolean(),
})
export type SaveObjectResult = z.infer<typeof SaveObjectResultSchema>

/** PUT /admin/object/update — rename, move, reorder, publish/unpublish without data. */
export const UpdateElementSchema = z.object({
  id: BigIdSchema,
  key: z.string().max(1000).optional(),
  parentId: BigIdSchema.optional(),
  index: z.number().int().min(0).optional(),
  published: z.boolean().optional(),
})
export type UpdateElement = z.infer<typeof UpdateElementSchema>

/** PUT /admin/object/save-folder */
export const SaveFolderSchema = UpdateElementSchema.omit({ published: true })

export const UpdatedElementSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  key: z.string(),
  path: z.string(),
  fullPath: z.string(),
  index: z.number().int(),
  published: z.boolean(),
})
export type UpdatedElement = z.infer<typeof UpdatedElementSchema>

/** DELETE /admin/object/delete?id= */
export const DeleteResultSchema = z.object({
  success: z.literal(true),
  /** Elements removed (the element and its subtree). */
  amount: z.number().int(),
  binId: z.number().int(),
})

/** GET /admin/object/delete-info?id= */
export const DeleteInfoSchema = z.object({
  id: z.number().int(),
  fullPath: z.string(),
  /** Elements a delete removes (the element and its subtree). */
  amount: z.number().int(),
  /** Whether elements outside the subtree refer to an element inside it. */
  hasDependents: z.boolean(),
  /** Up to 20 of those referring elements. */
  requiredBy: z.array(z.object({ id: z.number().int(), fullPath: z.string() })),
  mayDelete: z.boolean(),
})
export type DeleteInfo = z.infer<typeof DeleteInfoSchema>

export const CopyTypeSchema = z.enum(['child', 'replace', 'recursive'])

/** GET /admin/object/copy-info?sourceId=&targetId=&type= */
export const CopyInfoQuerySchema = z.object({
  sourceId: BigIdSchema,
  targetId: BigIdSchema,
  /** recursive: the whole subtree; child: only the element; replace: overwrite the target's data. */
  type: CopyTypeSchema.default('recursive'),
})
export const CopyInfoSchema = z.object({
  /**
   * Copy steps in order (parents before children). Run each with POST copy: the first with
   * `targetId`, every further one with the new id of its `sourceParentId`'s copy; then PUT
   * copy-rewrite-ids with every old → new pair.
   */
  steps: z.array(
    z.object({
      sourceId: z.number().int(),
      sourceParentId: z.number().int().nullable(),
      type: z.enum(['child', 'replace']),
    }),
  ),
})
export type CopyInfo = z.infer<typeof CopyInfoSchema>

/** POST /admin/object/copy — one element. */
export const CopyElementSchema = z.object({
  sourceId: BigIdSchema,
  targetId: BigIdSchema,
  /** child: a copy under `targetId`; replace: the target gets the source's data. */
  type: z.enum(['child', 'replace']).default('child'),
})
export const CopiedElementSchema = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  key: z.string(),
  fullPath: z.string(),
})
export type CopiedElement = z.infer<typeof CopiedElementSchema>

/** PUT /admin/object/copy-rewrite-ids — relations inside a copied subtree follow the copies. */
export const CopyRewriteIdsSchema = z.object({
  idMap: z
    .array(z.object({ from: BigIdSchema, to: BigIdSchema }))
    .min(1)
    .max(10_000),
})
export const CopyRewriteIdsResultSchema = z.object({
  success: z.literal(true),
  /** Copies whose data changed. */
  rewritten: z.number().int(),
})

/** POST /admin/object/publish-version */
export const VersionIdSchema = z.object({ id: BigIdSchema })

/** GET /admin/object/preview-version?id= (a version id) */
export const VersionPreviewSchema = z.object({
  versionId: z.number().int(),
  elementId: z.number().int(),
  versionCount: z.number().int(),
  key: z.string(),
  path: z.string(),
  published: z.boolean(),
  isPublic: z.boolean(),
  classId: z.string().nullable(),
  layout: z.array(LayoutNodeSchema),
  data: JsonRecord,
  createdAt: z.string(),
  userId: z.number().int().nullable(),
})
export type VersionPreview = z.infer<typeof VersionPreviewSchema>

/** GET /admin/object/diff-versions/:from/:to (version ids) */
export const DiffVersionsParamsSchema = z.object({ from: BigIdSchema, to: BigIdSchema })

export const FieldDiffSchema = z.object({
  field: z.string(),
  title: z.string(),
  localized: z.boolean(),
  language: z.string().optional(),
  from: z.unknown(),
  to: z.unknown(),
  changed: z.boolean(),
})
export type FieldDiff = z.infer<typeof FieldDiffSchema>

const VersionMeta = z.object({
  id: z.number().int(),
  versionCount: z.number().int(),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
})

export const VersionDiffSchema = z.object({
  elementId: z.number().int(),
  from: VersionMeta,
  to: VersionMeta,
  /** Fields of the class in layout order; localized fields one row per language. */
  fields: z.array(FieldDiffSchema),
})
export type VersionDiff = z.infer<typeof VersionDiffSchema>

/** GET /admin/object/preview?id= — 302 to the storefront page of a Product or Category. */
export const PreviewQuerySchema = z.object({
  id: BigIdSchema,
  locale: z.string().max(8).optional(),
})

/** POST /admin/object/get-select-options */
export const SelectOptionsRequestSchema = z.object({
  classId: z.string().min(1).max(64),
  fieldName: z.string().min(1).max(64),
})
export const SelectOptionsResultSchema = z.object({ options: z.array(SelectOptionSchema) })

// ── Variants ────────────────────────────────────────────────────────────────────────────────

/** GET|POST /admin/variants/get-variants?objectId=&limit=&start=&filter= */
export const GetVariantsQuerySchema = z.object({
  objectId: BigIdSchema,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  start: Offset.default(0),
  filter: z.string().trim().max(190).optional(),
})
export type GetVariantsQuery = z.infer<typeof GetVariantsQuerySchema>

export const VariantRowSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  fullPath: z.string(),
  index: z.number().int(),
  published: z.boolean(),
  /** The variant's own data. */
  data: JsonRecord,
  /** Own data with every empty field taken from the nearest ancestor that has it. */
  resolved: JsonRecord,
})
export type VariantRow = z.infer<typeof VariantRowSchema>

export const VariantListSchema = z.object({
  total: z.number().int(),
  variants: z.array(VariantRowSchema),
})
export type VariantList = z.infer<typeof VariantListSchema>

/** PUT /admin/variants/update-key */
export const UpdateVariantKeySchema = z.object({
  id: BigIdSchema,
  key: z.string().max(1000),
})

export const SuccessSchema = z.object({ success: z.literal(true) })
