import type { Color } from 'sharp'
import { ASSET_MAX_PIXELS } from '@optika/domain/pim/asset-api'
import {
  FocalPointSchema,
  type FocalPoint,
  type ThumbnailConfig,
} from '@optika/domain/pim/asset-thumbnail-api'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'

/** The asset's focal point from its custom settings; anything malformed counts as none. */
export function focalPointOf(customSettings: unknown): FocalPoint | null {
  const value = (customSettings as { focalPoint?: unknown } | null)?.focalPoint
  const parsed = FocalPointSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}

/** Where a window of `size` starts along an axis of `length` so that `centre` sits in its middle. */
function windowStart(length: number, size: number, centrePercent: number): number {
  return Math.round(clamp((centrePercent / 100) * length - size / 2, 0, length - size))
}

function cannotRender(): AppError {
  return new AppError(422, 'THUMBNAIL_UNREADABLE', 'assetThumbnails.cannotRender')
}

/** `#rrggbb` as sharp's colour; none is transparent. */
function backgroundOf(hex: string | undefined): Color {
  if (!hex) return { r: 0, g: 0, b: 0, alpha: 0 }
  const value = Number.parseInt(hex.slice(1), 16)
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255, alpha: 1 }
}

/**
 * A picture in a thumbnail configuration: fitted (contain), fitted and padded to the box (frame),
 * stretched to the box (resize), filled around the focal point (cover) or cut at full size around
 * it (crop), then encoded. A picture that cannot be decoded, or would
 * decode to more than ASSET_MAX_PIXELS, is a 422 rather than a server failure.
 */
export async function renderThumbnail(
  input: Buffer,
  config: ThumbnailConfig,
  focalPoint: FocalPoint | null,
): Promise<Buffer> {
  const focus = focalPoint ?? { x: 50, y: 50 }
  const sharp = await loadSharp()
  try {
    // Decode once (first frame of an animation), orientation applied, so sizes below are real.
    const { data, info } = await sharp(input, {
      limitInputPixels: ASSET_MAX_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
    let image = sharp(data, raw)
    const { width, height } = info
    if (config.mode === 'contain') {
      image = image.resize({
        width: config.width,
        height: config.height,
        fit: 'inside',
        withoutEnlargement: true,
      })
    } else if (config.mode === 'resize') {
      image = image.resize({ width: config.width, height: config.height, fit: 'fill' })
    } else if (config.mode === 'frame') {
      const fitted = await image
        .resize({
          width: config.width,
          height: config.height,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      const padX = config.width - fitted.info.width
      const padY = config.height - fitted.info.height
      image = sharp(fitted.data, {
        raw: { width: fitted.info.width, height: fitted.info.height, channels: 4 },
      }).extend({
        left: Math.floor(padX / 2),
        right: Math.ceil(padX / 2),
        top: Math.floor(padY / 2),
        bottom: Math.ceil(padY / 2),
        background: backgroundOf(config.background),
      })
    } else if (config.mode === 'cover') {
      const scale = Math.max(config.width / width, config.height / height)
      const scaledWidth = Math.max(config.width, Math.round(width * scale))
      const scaledHeight = Math.max(config.height, Math.round(height * scale))
      const resized = await image
        .resize({ width: scaledWidth, height: scaledHeight, fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true })
      image = sharp(resized.data, {
        raw: {
          width: resized.info.width,
          height: resized.info.height,
          channels: resized.info.channels,
        },
      }).extract({
        left: windowStart(scaledWidth, config.width, focus.x),
        top: windowStart(scaledHeight, config.height, focus.y),
        width: config.width,
        height: config.height,
      })
    } else {
      const cropWidth = Math.min(config.width, width)
      const cropHeight = Math.min(config.height, height)
      image = image.extract({
        left: windowStart(width, cropWidth, focus.x),
        top: windowStart(height, cropHeight, focus.y),
        width: cropWidth,
        height: cropHeight,
      })
    }
    switch (config.format) {
      case 'webp':
        return await image.webp({ quality: config.quality }).toBuffer()
      case 'avif':
        return await image.avif({ quality: config.quality, effort: 2 }).toBuffer()
      case 'jpeg':
        return await image
          .flatten({ background: config.background ?? '#ffffff' })
          .jpeg({ quality: config.quality, mozjpeg: true })
          .toBuffer()
      case 'png':
        return await image.png().toBuffer()
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw cannotRender()
  }
}
