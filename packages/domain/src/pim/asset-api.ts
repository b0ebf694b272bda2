import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'

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
})
export type AssetNode = z.infer<typeof AssetNodeSchema>

/** `GET /admin/asset/tree-get-children-by-id?node=…&start=…&limit=…` */
export const AssetChildrenQuerySchema = z.object({
  node: BigIdSchema,
  start: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().positive().max(500).default(100),
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
