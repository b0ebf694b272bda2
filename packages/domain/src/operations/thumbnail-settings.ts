import { z } from 'zod'
import { THUMBNAIL_FORMATS, THUMBNAIL_MODES } from '../pim/asset-thumbnail-api.ts'

/**
 * Thumbnail configurations as data, predefined properties and asset metadata definitions
 * (`/admin/settings/*`, issue 19): the shapes shared by the server, the back office and tests.
 */

/** A configuration's name: it appears in cache keys, URLs and download file names. */
export const ThumbnailConfigNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/)

/** What a configuration may encode to; `auto` picks AVIF, WebP or JPEG by what the browser takes. */
export const THUMBNAIL_CONFIG_FORMATS = [...THUMBNAIL_FORMATS, 'auto'] as const
export type ThumbnailConfigFormat = (typeof THUMBNAIL_CONFIG_FORMATS)[number]

/** Largest width or height a configuration may ask for (the @2x variant doubles it). */
export const THUMBNAIL_MAX_SIDE = 5000

const Side = z.number().int().min(1).max(THUMBNAIL_MAX_SIDE)
const GroupSchema = z.string().trim().max(64).default('')
const DescriptionSchema = z.string().trim().max(500).default('')

/** The editable fields of an image thumbnail configuration. */
export const ImageThumbnailSettingsSchema = z.object({
  group: GroupSchema,
  description: DescriptionSchema,
  width: Side,
  height: Side,
  mode: z.enum(THUMBNAIL_MODES),
  format: z.enum(THUMBNAIL_CONFIG_FORMATS),
  quality: z.number().int().min(1).max(100),
  /** Also offered at twice the size as `{name}@2x` (high-DPI screens). */
  highDpi: z.boolean().default(false),
  /** `frame`'s padding colour; none = transparent (white in JPEG). */
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .default(null),
  /** Offered in the asset editor's download menu (`thumbnail-downloadable`). */
  downloadable: z.boolean().default(false),
})
export type ImageThumbnailSettings = z.infer<typeof ImageThumbnailSettingsSchema>

export const ImageThumbnailConfigSchema = ImageThumbnailSettingsSchema.extend({
  name: ThumbnailConfigNameSchema,
  updatedAt: z.string(),
})
export type ImageThumbnailConfig = z.infer<typeof ImageThumbnailConfigSchema>

/** What `thumbnail-add` creates when only a name is given. */
export const DEFAULT_IMAGE_THUMBNAIL_SETTINGS: ImageThumbnailSettings = {
  group: '',
  description: '',
  width: 800,
  height: 800,
  mode: 'contain',
  format: 'webp',
  quality: 80,
  highDpi: false,
  background: null,
  downloadable: false,
}

/** `POST thumbnail-add`: a name, optionally with the settings (else the defaults above). */
export const ImageThumbnailAddSchema = ImageThumbnailSettingsSchema.partial().extend({
  name: ThumbnailConfigNameSchema,
})
export type ImageThumbnailAdd = z.infer<typeof ImageThumbnailAddSchema>

/** `PUT thumbnail-update`: the name and the settings that change. */
export const ImageThumbnailUpdateSchema = ImageThumbnailAddSchema
export type ImageThumbnailUpdate = ImageThumbnailAdd

export const VIDEO_THUMBNAIL_FORMATS = ['mp4', 'webm'] as const
export type VideoThumbnailFormat = (typeof VIDEO_THUMBNAIL_FORMATS)[number]

/** The editable fields of a video thumbnail (transcoding) configuration. */
export const VideoThumbnailSettingsSchema = z.object({
  group: GroupSchema,
  description: DescriptionSchema,
  /** Largest width in pixels; height follows the video's proportions. */
  width: z.number().int().min(16).max(3840),
  /** Video bitrate in kbit/s. */
  videoBitrate: z.number().int().min(50).max(20_000),
  /** Audio bitrate in kbit/s; 0 drops the sound. */
  audioBitrate: z.number().int().min(0).max(320),
  /** Seconds from the start; the rest is cut. */
  maxSeconds: z.number().int().min(1).max(600),
  formats: z.array(z.enum(VIDEO_THUMBNAIL_FORMATS)).min(1).max(2),
})
export type VideoThumbnailSettings = z.infer<typeof VideoThumbnailSettingsSchema>

export const VideoThumbnailConfigSchema = VideoThumbnailSettingsSchema.extend({
  name: ThumbnailConfigNameSchema,
  updatedAt: z.string(),
})
export type VideoThumbnailConfig = z.infer<typeof VideoThumbnailConfigSchema>

export const DEFAULT_VIDEO_THUMBNAIL_SETTINGS: VideoThumbnailSettings = {
  group: '',
  description: '',
  width: 640,
  videoBitrate: 600,
  audioBitrate: 64,
  maxSeconds: 30,
  formats: ['mp4', 'webm'],
}

/** The configuration the asset editor's player uses for its preview. */
export const VIDEO_PREVIEW_CONFIG_NAME = 'preview'

export const VideoThumbnailAddSchema = VideoThumbnailSettingsSchema.partial().extend({
  name: ThumbnailConfigNameSchema,
})
export type VideoThumbnailAdd = z.infer<typeof VideoThumbnailAddSchema>

/** `?name=` of the get and delete calls. */
export const ThumbnailNameQuerySchema = z.object({ name: z.string().trim().min(1).max(64) })

/** One node of `thumbnail-tree` / `video-thumbnail-tree`: groups are folders. */
export interface ThumbnailTreeNode {
  id: string
  text: string
  type: 'folder' | 'config'
  children?: ThumbnailTreeNode[]
}
// Recursive, hence named (`.meta({ id })`) so the OpenAPI document holds it once.
export const ThumbnailTreeNodeSchema: z.ZodType<ThumbnailTreeNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      text: z.string(),
      type: z.enum(['folder', 'config']),
      children: z.array(ThumbnailTreeNodeSchema).optional(),
    }),
  )
  .meta({ id: 'ThumbnailTreeNode' })

/** `thumbnail-adapter-check` / `video-thumbnail-adapter-check`. */
export const AdapterCheckSchema = z.object({
  available: z.boolean(),
  adapter: z.string(),
  version: z.string().nullable(),
  /** Output formats the adapter can write. */
  formats: z.array(z.string()),
})
export type AdapterCheck = z.infer<typeof AdapterCheckSchema>

/** `thumbnail-downloadable`: the configurations the asset download menu offers. */
export const DownloadableThumbnailSchema = z.object({
  id: z.string(),
  text: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(THUMBNAIL_CONFIG_FORMATS),
})

/* ---------- predefined asset metadata ---------- */

export const PREDEFINED_METADATA_TYPES = [
  'input',
  'textarea',
  'date',
  'checkbox',
  'select',
] as const
export type PredefinedMetadataType = (typeof PREDEFINED_METADATA_TYPES)[number]

/** Asset types a definition may target; '' = every type. */
export const METADATA_TARGET_SUBTYPES = [
  '',
  'image',
  'video',
  'document',
  'audio',
  'other',
] as const

const LanguageSchema = z.enum(['', 'cs', 'en', 'hu', 'pl', 'ro', 'sk'])

export const PredefinedMetadataInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(190)
    // No control characters or angle brackets: the name is a field label in the editor.
    .refine((name) => !/[<>]/.test(name) && [...name].every((c) => c.charCodeAt(0) >= 32)),
  description: z.string().trim().max(500).default(''),
  type: z.enum(PREDEFINED_METADATA_TYPES),
  /** The value a new field starts with (as text; yes/no as 'true'/'false'). */
  data: z.string().max(2000).nullable().default(null),
  /** `select`'s options, comma-separated. */
  config: z.string().max(2000).default(''),
  language: LanguageSchema.default(''),
  targetSubtype: z.enum(METADATA_TARGET_SUBTYPES).default(''),
  group: z.string().trim().max(64).default(''),
})
export type PredefinedMetadataInput = z.infer<typeof PredefinedMetadataInputSchema>

export const PredefinedMetadataSchema = PredefinedMetadataInputSchema.extend({
  id: z.number().int(),
  updatedAt: z.string(),
})
export type PredefinedMetadata = z.infer<typeof PredefinedMetadataSchema>

/** `GET get-predefined-metadata?type=&subType=`: the definitions for one asset type. */
export const PredefinedMetadataQuerySchema = z.object({
  subType: z.enum(METADATA_TARGET_SUBTYPES).optional(),
  type: z.enum(METADATA_TARGET_SUBTYPES).optional(),
})

/* ---------- predefined properties ---------- */

export const PREDEFINED_PROPERTY_TYPES = [
  'text',
  'bool',
  'select',
  'document',
  'asset',
  'object',
] as const
export type PredefinedPropertyType = (typeof PREDEFINED_PROPERTY_TYPES)[number]

export const PROPERTY_CONTENT_TYPES = ['document', 'asset', 'object'] as const
export type PropertyContentType = (typeof PROPERTY_CONTENT_TYPES)[number]

export const PredefinedPropertyInputSchema = z.object({
  /** What staff see in the properties tab. */
  name: z.string().trim().min(1).max(190),
  description: z.string().trim().max(500).default(''),
  /** The property's key on the element. */
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/),
  type: z.enum(PREDEFINED_PROPERTY_TYPES),
  /** The default value (text; yes/no as 'true'/'false'; a path for element types). */
  data: z.string().max(2000).nullable().default(null),
  /** `select`'s options, comma-separated. */
  config: z.string().max(2000).default(''),
  ctype: z.array(z.enum(PROPERTY_CONTENT_TYPES)).min(1).max(3),
  inheritable: z.boolean().default(false),
  group: z.string().trim().max(64).default(''),
})
export type PredefinedPropertyInput = z.infer<typeof PredefinedPropertyInputSchema>

export const PredefinedPropertySchema = PredefinedPropertyInputSchema.extend({
  id: z.number().int(),
  updatedAt: z.string(),
})
export type PredefinedProperty = z.infer<typeof PredefinedPropertySchema>

/**
 * Pimcore's list call (`predefined-metadata`, `properties`): `xaction` read (default), create,
 * update or destroy, `data` a JSON object (or its text, as ExtJS sends it), `filter` a search text.
 */
export const XactionSchema = z.enum(['read', 'create', 'update', 'destroy']).default('read')

export const ListCallSchema = z.object({
  xaction: XactionSchema,
  data: z.unknown().optional(),
  filter: z.string().max(200).optional(),
  /** `properties` only: the element type the tab asks for. */
  ctype: z.enum(PROPERTY_CONTENT_TYPES).optional(),
})
export type ListCall = z.infer<typeof ListCallSchema>

/** What every list call answers (Pimcore's `{success, data}`). */
export function listAnswerSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), total: z.number().int() })
}
