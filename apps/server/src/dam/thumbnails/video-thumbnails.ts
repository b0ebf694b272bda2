import {
  THUMBNAIL_EXTENSIONS,
  THUMBNAIL_MIME_TYPES,
  VIDEO_PREVIEW_FORMATS,
  type VideoPreview,
  type VideoPreviewFormat,
  type VideoThumbnailQuery,
} from '@optika/domain/pim/asset-thumbnail-api'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetRow } from '../assets/read-asset-tree.ts'
import { cachedDerivative, derivativeKey, derivativeStamp } from './derivative-cache.ts'
import {
  loadAssetOfType,
  openOriginal,
  type Derivative,
  type ThumbnailDeps,
} from './load-asset-for-thumbnail.ts'
import { focalPointOf, renderThumbnail } from './render-thumbnail.ts'
import { VIDEO_PREVIEW_CONFIG_NAME } from '@optika/domain/operations/thumbnail-settings'
import { findThumbnailConfig, findVideoThumbnailConfig } from './thumbnail-config-registry.ts'
import { ffmpegMissing, locateFfmpeg } from './run-ffmpeg.ts'
import { extractVideoFrame, renderVideoPreview } from './video-derivatives.ts'

const PREVIEW_MIME_TYPES = {
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const satisfies Record<VideoPreviewFormat, string>

/** The ffmpeg binary, or the translated 503 every video call answers without one. */
async function requireFfmpeg(deps: ThumbnailDeps): Promise<string> {
  const ffmpeg = await locateFfmpeg(deps.ffmpegPath)
  if (!ffmpeg) throw ffmpegMissing()
  return ffmpeg
}

/**
 * GET /admin/asset/get-video-thumbnail: the frame `time` seconds into a video (default 1 s) in a
 * named configuration, cached per configuration and time.
 */
export async function getVideoThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: VideoThumbnailQuery,
): Promise<Derivative> {
  const config = await findThumbnailConfig(ctx.db, query.config)
  const row = await loadAssetOfType(ctx, query.id, 'video')
  const ffmpeg = await requireFfmpeg(deps)
  const stamp = derivativeStamp(row)
  const time = query.time === undefined ? 'default' : String(Math.round(query.time * 1000))
  const contentType = THUMBNAIL_MIME_TYPES[config.format]
  const key = derivativeKey(
    row.id,
    stamp,
    `video-${config.name}-${time}.${THUMBNAIL_EXTENSIONS[config.format]}`,
  )
  const body = await cachedDerivative(ctx.db, deps.store, row.id, key, contentType, async () => {
    const frame = await extractVideoFrame(ffmpeg, await openOriginal(deps.store, row), query.time)
    return renderThumbnail(frame, config, focalPointOf(row.customSettings))
  })
  return { body, contentType, etag: `"${stamp}-${config.name}-${config.version}-${time}"` }
}

/** The cached preview of a video in one format, rendered by ffmpeg on first use. */
async function videoPreviewOf(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  row: AssetRow,
  format: VideoPreviewFormat,
): Promise<Derivative> {
  const ffmpeg = await requireFfmpeg(deps)
  const settings = await findVideoThumbnailConfig(ctx.db, VIDEO_PREVIEW_CONFIG_NAME)
  const stamp = derivativeStamp(row)
  const contentType = PREVIEW_MIME_TYPES[format]
  const key = derivativeKey(row.id, stamp, `preview.${format}`)
  const body = await cachedDerivative(ctx.db, deps.store, row.id, key, contentType, async () =>
    renderVideoPreview(ffmpeg, await openOriginal(deps.store, row), format, settings),
  )
  return {
    body,
    contentType,
    etag: `"${stamp}-preview-${Date.parse(settings.updatedAt)}-${format}"`,
  }
}

/**
 * GET /admin/asset/get-preview-video: makes sure the MP4 preview exists and answers where the
 * player finds it (MP4, then WebM made on demand) and its poster frame.
 */
export async function getVideoPreview(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  id: number,
): Promise<VideoPreview> {
  const row = await loadAssetOfType(ctx, id, 'video')
  const { formats } = await findVideoThumbnailConfig(ctx.db, VIDEO_PREVIEW_CONFIG_NAME)
  const offered = VIDEO_PREVIEW_FORMATS.filter((format) => formats.includes(format))
  await videoPreviewOf(ctx, deps, row, offered[0] ?? 'mp4')
  return {
    id: row.id,
    sources: (offered.length > 0 ? offered : VIDEO_PREVIEW_FORMATS).map((format) => ({
      format,
      type: PREVIEW_MIME_TYPES[format],
      url: `/admin/asset/serve-video-preview?id=${row.id}&format=${format}`,
    })),
    poster: `/admin/asset/get-video-thumbnail?id=${row.id}&config=preview`,
  }
}

/** GET /admin/asset/serve-video-preview: the preview's bytes (the route answers Range requests). */
export async function serveVideoPreview(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: { id: number; format: VideoPreviewFormat },
): Promise<Derivative> {
  const row = await loadAssetOfType(ctx, query.id, 'video')
  return videoPreviewOf(ctx, deps, row, query.format)
}
