import { z } from 'zod'
import { BigIdSchema, MAX_INT4_ID } from '../ids.ts'

/**
 * Input and answer shapes of the minimal asset library (`/admin/asset/*`) and of the storefront's
 * product pictures (`GET /api/product/images/{id}`), shared by the server, the back office and tests.
 */

/** Image formats an upload may be, recognised from the file's content (sharp's format names). */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const
export type AcceptedImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number]

/** Largest picture (width × height) an upload may decode to. */
export const ASSET_MAX_PIXELS = 50_000_000

export const ASSET_TYPES = ['folder', 'image', 'document', 'video', 'other'] as const

/** Workspace rights of the signed-in user on one asset. */
export const AssetPermissionsSchema = z.object({
  list: z.boolean(),
  view: z.boolean(),
  publish: z.boolean(),
  delete: z.boolean(),
  rename: z.boolean(),
  create: z.boolean(),
  settings: z.boolean(),
  versions: z.boolean(),
  properties: z.boolean(),
})
export type AssetPermissions = z.infer<typeof AssetPermissionsSchema>

/** One node of the asset tree as the back office lists it. */
export const AssetNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.enum(ASSET_TYPES),
  key: z.string(),
  /** The parent's full path ending in '/'. */
  path: z.string(),
  /** The asset's own full path ('/' for the root). */
  fullPath: z.string(),
  mimeType: z.string().nullable(),
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Thumbnail URL of an image, else null. */
  thumbnail: z.string().nullable(),
  hasChildren: z.boolean(),
  /** When the asset last changed (ISO 8601). */
  modificationDate: z.string(),
  /** Another user holds a live lock on it. */
  locked: z.boolean(),
  /** What the signed-in user may do with it (workspace rights on its path). */
  permissions: AssetPermissionsSchema,
})
export type AssetNode = z.infer<typeof AssetNodeSchema>

/** Types of a custom metadata field (Pimcore's predefined metadata types). */
export const ASSET_METADATA_TYPES = [
  'input',
  'textarea',
  'date',
  'checkbox',
  'select',
  'asset',
  'object',
  'document',
] as const
export type AssetMetadataType = (typeof ASSET_METADATA_TYPES)[number]

/** One custom metadata field of an asset; `language` '' is for every language. */
export const AssetMetadataItemSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(190)
    .regex(/^[\p{L}\p{N}_.:\- ]+$/u),
  language: z.union([z.literal(''), z.enum(['cs', 'en', 'hu', 'pl', 'ro', 'sk'])]).default(''),
  type: z.enum(ASSET_METADATA_TYPES).default('input'),
  data: z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]).default(null),
})
export type AssetMetadataItem = z.infer<typeof AssetMetadataItemSchema>

/** At most this many custom metadata fields per asset. */
export const ASSET_MAX_METADATA = 500

export const AssetMetadataSchema = z
  .array(AssetMetadataItemSchema)
  .max(ASSET_MAX_METADATA)
  .refine(
    (items) => new Set(items.map((i) => `${i.name}\u0000${i.language}`)).size === items.length,
    { message: 'validation.formError', path: [] },
  )

/** A point of an image in percent of its width and height (0–100). */
export const AssetFocalPointSchema = z.object({
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
})

/** Per-asset settings; `focalPoint` null removes it. Other keys are kept as they are (JSON values). */
export const AssetCustomSettingsSchema = z
  .object({ focalPoint: AssetFocalPointSchema.nullable().optional() })
  .catchall(z.json())
export type AssetCustomSettings = z.infer<typeof AssetCustomSettingsSchema>

/** `GET /admin/asset/get-data-by-id?id=…`: the node and everything the editor shows. */
export const AssetDataSchema = AssetNodeSchema.extend({
  metadata: z.array(AssetMetadataItemSchema),
  embeddedMetadata: z.record(z.string(), z.unknown()),
  customSettings: z.record(z.string(), z.unknown()),
  checksum: z.string().nullable(),
  versionCount: z.number().int().nonnegative(),
  /** ISO 8601. */
  creationDate: z.string(),
  /** Display names of the owner and the last modifier (null when unknown or gone). */
  userOwner: z.string().nullable(),
  userModification: z.string().nullable(),
  /** The live lock, whoever holds it (also the user's own). */
  lock: z
    .object({ userId: z.number().int(), userName: z.string(), lockedAt: z.string() })
    .nullable(),
})
export type AssetData = z.infer<typeof AssetDataSchema>

/** `GET /admin/asset/tree-get-children-by-id?node=…&start=…&limit=…` */
export const ASSET_CHILDREN_SORTS = ['key', 'type', 'modificationDate', 'size'] as const
export const AssetChildrenQuerySchema = z.object({
  node: BigIdSchema,
  start: z.coerce.number().int().nonnegative().max(MAX_INT4_ID).default(0),
  limit: z.coerce.number().int().positive().max(500).default(100),
  /** Folders always come first; then this column (default: the key, natural and case-insensitive). */
  sort: z.enum(ASSET_CHILDREN_SORTS).default('key'),
  dir: z.enum(['asc', 'desc']).default('asc'),
})
export type AssetChildrenQuery = z.infer<typeof AssetChildrenQuerySchema>

export const AssetChildrenSchema = z.object({
  nodes: z.array(AssetNodeSchema),
  total: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
})
export type AssetChildren = z.infer<typeof AssetChildrenSchema>

export const AssetIdQuerySchema = z.object({ id: BigIdSchema })
export type AssetIdQuery = z.infer<typeof AssetIdQuerySchema>

/** `POST /admin/asset/add-asset?parentId=…` (multipart, one file; parentId may be a form field). */
export const AddAssetQuerySchema = z.object({ parentId: BigIdSchema.optional() })

/** `POST /admin/asset/add-folder` */
export const AddAssetFolderSchema = z.object({
  parentId: BigIdSchema,
  name: z
    .string()
    .trim()
    .min(1)
    .max(190)
    .regex(/^(?!\.{1,2}$)[^/\\]+$/),
})
export type AddAssetFolder = z.infer<typeof AddAssetFolderSchema>

/** An asset's key: no slash, not '.' or '..', no control characters, at most 190 characters. */
export const AssetKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(190)
  // eslint-disable-next-line no-control-regex
  .regex(/^(?!\.{1,2}$)[^/\\\u0000-\u001f\u007f]+$/)

/** `GET /admin/asset/exists?parentId=…&key=…` → `{ exists }` */
export const AssetExistsQuerySchema = z.object({ parentId: BigIdSchema, key: z.string().max(190) })
export const AssetExistsSchema = z.object({ exists: z.boolean() })

/** `PUT /admin/asset/update`: rename and/or move, and optionally the custom metadata and settings. */
export const AssetUpdateSchema = z.object({
  id: BigIdSchema,
  parentId: BigIdSchema.optional(),
  key: AssetKeySchema.optional(),
  metadata: AssetMetadataSchema.optional(),
  customSettings: AssetCustomSettingsSchema.optional(),
})
export type AssetUpdate = z.infer<typeof AssetUpdateSchema>

/** `PUT|POST /admin/asset/save`: custom metadata and settings; writes a version. */
export const AssetSaveSchema = z.object({
  id: BigIdSchema,
  metadata: AssetMetadataSchema.optional(),
  customSettings: AssetCustomSettingsSchema.optional(),
  note: z.string().max(1000).optional(),
})
export type AssetSave = z.infer<typeof AssetSaveSchema>

export const AssetSavedSchema = z.object({
  success: z.literal(true),
  versionId: z.number().int(),
  versionCount: z.number().int(),
  data: AssetDataSchema,
})
export type AssetSaved = z.infer<typeof AssetSavedSchema>

/** `GET /admin/asset/delete-info?id=…`: what deleting an asset (with its subtree) means. */
export const AssetDeleteInfoSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  fullPath: z.string(),
  /** Assets deleted with it (itself included). */
  elements: z.number().int().nonnegative(),
  /** Elements outside the subtree that use one of them. */
  usedBy: z.number().int().nonnegative(),
  hasDependencies: z.boolean(),
  /** The user may delete it and every asset below it (and it is not the root). */
  deletable: z.boolean(),
})
export type AssetDeleteInfo = z.infer<typeof AssetDeleteInfoSchema>

/** `copy`: the source alone ('child') or with everything below it ('recursive'). */
export const ASSET_COPY_TYPES = ['child', 'recursive'] as const

/** `GET /admin/asset/copy-info?sourceId=…&targetId=…&type=…` */
export const AssetCopyQuerySchema = z.object({
  sourceId: BigIdSchema,
  targetId: BigIdSchema,
  type: z.enum(ASSET_COPY_TYPES).default('recursive'),
})
export type AssetCopyQuery = z.infer<typeof AssetCopyQuerySchema>

export const AssetCopyInfoSchema = z.object({
  sourceId: z.number().int(),
  targetId: z.number().int(),
  type: z.enum(ASSET_COPY_TYPES),
  /** Assets the copy will create. */
  elements: z.number().int().nonnegative(),
})
export type AssetCopyInfo = z.infer<typeof AssetCopyInfoSchema>

/** `POST /admin/asset/copy` → `{ jobId }`; the job's result holds the new root id. */
export const AssetCopySchema = AssetCopyQuerySchema
export const AssetJobSchema = z.object({ jobId: z.string() })

/** `GET /admin/asset/get-folder-content-preview?id=…&start=…&limit=…`: a folder's files (no folders). */
export const AssetFolderPreviewQuerySchema = z.object({
  id: BigIdSchema,
  start: z.coerce.number().int().nonnegative().max(MAX_INT4_ID).default(0),
  limit: z.coerce.number().int().positive().max(200).default(50),
})
export const AssetFolderPreviewSchema = AssetChildrenSchema

/** `POST /admin/asset/publish-version` (body `{ id }`, a version id). */
export const AssetVersionIdSchema = z.object({ id: BigIdSchema })

export const AssetPublishedVersionSchema = z.object({
  success: z.literal(true),
  versionId: z.number().int(),
  versionCount: z.number().int(),
})

/** `GET /admin/asset/show-version?id=…`: one stored version of an asset. */
export const AssetVersionViewSchema = z.object({
  versionId: z.number().int(),
  assetId: z.number().int(),
  versionCount: z.number().int(),
  isPublic: z.boolean(),
  note: z.string(),
  createdAt: z.string(),
  userName: z.string().nullable(),
  key: z.string(),
  path: z.string(),
  type: z.enum(ASSET_TYPES),
  mimeType: z.string().nullable(),
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  checksum: z.string().nullable(),
  metadata: z.array(AssetMetadataItemSchema),
  customSettings: z.record(z.string(), z.unknown()),
  /** The version's file is the asset's current file. */
  sameFile: z.boolean(),
})
export type AssetVersionView = z.infer<typeof AssetVersionViewSchema>
