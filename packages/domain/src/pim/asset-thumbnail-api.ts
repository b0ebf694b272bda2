import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'

/**
 * Thumbnails, previews and the image editor of the asset library (`/admin/asset/*`, issue 16):
 * the named thumbnail configurations and the input and answer shapes shared by the server, the
 * back office and tests.
 */

/** How a configuration fits the picture into width × height. */
export const THUMBNAIL_MODES = [
  /** Fills the box exactly, cutting what overflows around the focal point. */
  'cover',
  /** Fits inside the box, keeping the whole picture; never enlarged. */
  'contain',
  /** Cuts a width × height window at full resolution, centred on the focal point. */
  'crop',
  /** Scales to exactly width × height, not keeping the proportions. */
  'resize',
  /** Fits inside the box (never enlarged) and pads the rest with the background colour. */
  'frame',
] as const
export type ThumbnailMode = (typeof THUMBNAIL_MODES)[number]

export const THUMBNAIL_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const
export type ThumbnailFormat = (typeof THUMBNAIL_FORMATS)[number]

export const THUMBNAIL_MIME_TYPES = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
} as const satisfies Record<ThumbnailFormat, string>

export const THUMBNAIL_EXTENSIONS = {
  webp: 'webp',
  avif: 'avif',
  jpeg: 'jpg',
  png: 'png',
} as const satisfies Record<ThumbnailFormat, string>

export const ThumbnailConfigSchema = z.object({
  name: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  mode: z.enum(THUMBNAIL_MODES),
  format: z.enum(THUMBNAIL_FORMATS),
  /** 1–100; PNG ignores it (lossless). */
  quality: z.number().int().min(1).max(100),
  /** `frame`'s padding, `#rrggbb`; transparent where the format allows when absent. */
  background: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .optional(),
})
export type ThumbnailConfig = z.infer<typeof ThumbnailConfigSchema>

/**
 * The configurations the shop started with; migration 0025 seeds the `thumbnail_configs` table
 * with them, and staff change them in the settings (issue 19). Names are lower-case words and
 * dashes: they appear in cache keys and download file names.
 */
export const BUILT_IN_THUMBNAIL_CONFIGS = [
  { name: 'tree', width: 64, height: 64, mode: 'cover', format: 'webp', quality: 70 },
  { name: 'grid', width: 256, height: 256, mode: 'cover', format: 'webp', quality: 75 },
  { name: 'preview', width: 1024, height: 1024, mode: 'contain', format: 'webp', quality: 80 },
  { name: 'editor', width: 2000, height: 2000, mode: 'contain', format: 'webp', quality: 85 },
  { name: 'product', width: 1200, height: 1200, mode: 'contain', format: 'webp', quality: 82 },
  { name: 'square-avif', width: 800, height: 800, mode: 'cover', format: 'avif', quality: 55 },
  { name: 'banner', width: 1600, height: 600, mode: 'cover', format: 'jpeg', quality: 85 },
  { name: 'detail-crop', width: 600, height: 600, mode: 'crop', format: 'png', quality: 100 },
  { name: 'print-jpeg', width: 3000, height: 3000, mode: 'contain', format: 'jpeg', quality: 92 },
] as const satisfies readonly ThumbnailConfig[]
export type ThumbnailConfigName = (typeof BUILT_IN_THUMBNAIL_CONFIGS)[number]['name']

export const THUMBNAIL_CONFIG_NAMES = BUILT_IN_THUMBNAIL_CONFIGS.map((c) => c.name)

/** `GET /admin/asset/thumbnail-configs` */
export const ThumbnailConfigListSchema = z.array(ThumbnailConfigSchema)

/** A configuration name; checked against the list by the server (unknown → 400, translated). */
const ConfigNameSchema = z.string().trim().min(1).max(64)

/** `GET get-image-thumbnail|download-image-thumbnail?id&config` (config defaults to `preview`). */
export const ImageThumbnailQuerySchema = z.object({
  id: BigIdSchema,
  config: ConfigNameSchema.default('preview'),
})
export type ImageThumbnailQuery = z.infer<typeof ImageThumbnailQuerySchema>

/** `GET get-folder-thumbnail?id`: a collage of the first pictures inside the folder. */
export const FolderThumbnailQuerySchema = z.object({ id: BigIdSchema })

/** `GET get-video-thumbnail?id&config&time`: the frame `time` seconds in (default 1 s, or 0). */
export const VideoThumbnailQuerySchema = z.object({
  id: BigIdSchema,
  config: ConfigNameSchema.default('preview'),
  time: z.coerce.number().min(0).max(86_400).optional(),
})
export type VideoThumbnailQuery = z.infer<typeof VideoThumbnailQuerySchema>

export const VIDEO_PREVIEW_FORMATS = ['mp4', 'webm'] as const
export type VideoPreviewFormat = (typeof VIDEO_PREVIEW_FORMATS)[number]

/** `GET get-preview-video?id`: where the player finds the preview. */
export const VideoPreviewQuerySchema = z.object({ id: BigIdSchema })
export const VideoPreviewSchema = z.object({
  id: z.number().int(),
  /** Sources for a `<video>` element, best first. */
  sources: z.array(
    z.object({ format: z.enum(VIDEO_PREVIEW_FORMATS), type: z.string(), url: z.string() }),
  ),
  poster: z.string(),
})
export type VideoPreview = z.infer<typeof VideoPreviewSchema>

/** `GET serve-video-preview?id&format` (Range requests supported). */
export const ServeVideoPreviewQuerySchema = z.object({
  id: BigIdSchema,
  format: z.enum(VIDEO_PREVIEW_FORMATS).default('mp4'),
})

/** `GET get-document-thumbnail?id&config&page` */
export const DocumentThumbnailQuerySchema = z.object({
  id: BigIdSchema,
  config: ConfigNameSchema.default('preview'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type DocumentThumbnailQuery = z.infer<typeof DocumentThumbnailQuerySchema>

/** `GET get-preview-document?id&page`: one page rendered large; header `x-page-count`. */
export const DocumentPreviewQuerySchema = z.object({
  id: BigIdSchema,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

/** `POST clear-thumbnail` (`id` in the body or the query). */
export const ClearThumbnailSchema = z.object({ id: BigIdSchema })
export const ClearThumbnailAnswerSchema = z.object({
  success: z.literal(true),
  deleted: z.number().int().nonnegative(),
})

/** A point of the picture in percent from the top-left corner. */
export const FocalPointSchema = z.object({
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
})
export type FocalPoint = z.infer<typeof FocalPointSchema>

/** `GET image-editor?id`: what the editor shows. */
export const ImageEditorDataSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  fullPath: z.string(),
  mimeType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The picture to edit on screen (the `editor` configuration: at most 2000 px, WebP). */
  imageUrl: z.string(),
  focalPoint: FocalPointSchema.nullable(),
  versionCount: z.number().int(),
})
export type ImageEditorData = z.infer<typeof ImageEditorDataSchema>

/** Largest side an editor resize may ask for. */
export const IMAGE_EDITOR_MAX_SIDE = 10_000

const Percent = z.number().min(0).max(100)

/** One editing step; steps apply in order to the original. */
export const ImageEditOperationSchema = z.discriminatedUnion('type', [
  /** A rectangle in percent of the current picture (react-image-crop's `%` unit). */
  z.object({
    type: z.literal('crop'),
    x: Percent,
    y: Percent,
    width: z.number().gt(0).max(100),
    height: z.number().gt(0).max(100),
  }),
  z.object({
    type: z.literal('rotate'),
    angle: z.union([z.literal(90), z.literal(180), z.literal(270)]),
  }),
  z.object({ type: z.literal('flip'), direction: z.enum(['horizontal', 'vertical']) }),
  z.object({
    type: z.literal('resize'),
    width: z.number().int().min(1).max(IMAGE_EDITOR_MAX_SIDE),
    height: z.number().int().min(1).max(IMAGE_EDITOR_MAX_SIDE),
  }),
])
export type ImageEditOperation = z.infer<typeof ImageEditOperationSchema>

/** `PUT image-editor-save` */
export const ImageEditorSaveSchema = z.object({
  id: BigIdSchema,
  operations: z.array(ImageEditOperationSchema).min(1).max(20),
  note: z.string().trim().max(1000).optional(),
})
export type ImageEditorSave = z.infer<typeof ImageEditorSaveSchema>
