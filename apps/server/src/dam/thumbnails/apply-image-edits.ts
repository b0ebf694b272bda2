import type { Sharp } from 'sharp'
import { ASSET_MAX_PIXELS } from '@optika/domain/pim/asset-api'
import type { ImageEditOperation } from '@optika/domain/pim/asset-thumbnail-api'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'

/** How an edited picture is written back, by its MIME type (the format it already had). */
export const EDITABLE_FORMATS = {
  'image/jpeg': {
    extension: 'jpg',
    encode: (s: Sharp) => s.jpeg({ quality: 90, mozjpeg: true }),
  },
  'image/png': { extension: 'png', encode: (s: Sharp) => s.png() },
  'image/webp': { extension: 'webp', encode: (s: Sharp) => s.webp({ quality: 90 }) },
  'image/avif': { extension: 'avif', encode: (s: Sharp) => s.avif({ quality: 70 }) },
  'image/gif': { extension: 'gif', encode: (s: Sharp) => s.gif() },
} as const satisfies Record<string, { extension: string; encode: (s: Sharp) => Sharp }>
export type EditableMimeType = keyof typeof EDITABLE_FORMATS

export function isEditable(mimeType: string | null): mimeType is EditableMimeType {
  return mimeType !== null && Object.hasOwn(EDITABLE_FORMATS, mimeType)
}

interface RawImage {
  readonly data: Buffer
  readonly width: number
  readonly height: number
  readonly channels: 1 | 2 | 3 | 4
}

function tooLarge(): AppError {
  return new AppError(400, 'EDIT_TOO_LARGE', 'assetThumbnails.editTooLarge', {
    value: ASSET_MAX_PIXELS / 1_000_000,
  })
}

async function toRaw(image: Sharp): Promise<RawImage> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

/** One step on decoded pixels; a crop in percent is rounded to whole pixels, at least one. */
async function applyOne(image: RawImage, operation: ImageEditOperation): Promise<RawImage> {
  const sharp = await loadSharp()
  const input = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
  switch (operation.type) {
    case 'crop': {
      const left = Math.min(image.width - 1, Math.round((operation.x / 100) * image.width))
      const top = Math.min(image.height - 1, Math.round((operation.y / 100) * image.height))
      const width = Math.max(
        1,
        Math.min(image.width - left, Math.round((operation.width / 100) * image.width)),
      )
      const height = Math.max(
        1,
        Math.min(image.height - top, Math.round((operation.height / 100) * image.height)),
      )
      return toRaw(input.extract({ left, top, width, height }))
    }
    case 'rotate':
      return toRaw(input.rotate(operation.angle))
    case 'flip':
      return toRaw(operation.direction === 'horizontal' ? input.flop() : input.flip())
    case 'resize':
      if (operation.width * operation.height > ASSET_MAX_PIXELS) throw tooLarge()
      return toRaw(input.resize({ width: operation.width, height: operation.height, fit: 'fill' }))
  }
}

/**
 * Applies the editor's steps in order to a picture (orientation applied first; an animation
 * keeps its first frame) and encodes the result in the picture's own format. A picture that does
 * not decode is a 422; a result above ASSET_MAX_PIXELS a 400.
 */
export async function applyImageEdits(
  original: Buffer,
  mimeType: EditableMimeType,
  operations: readonly ImageEditOperation[],
): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp()
  let image: RawImage
  try {
    image = await toRaw(
      sharp(original, { limitInputPixels: ASSET_MAX_PIXELS, failOn: 'error' }).rotate(),
    )
  } catch {
    throw new AppError(422, 'THUMBNAIL_UNREADABLE', 'assetThumbnails.cannotRender')
  }
  for (const operation of operations) image = await applyOne(image, operation)
  const raw = { raw: { width: image.width, height: image.height, channels: image.channels } }
  const data = await EDITABLE_FORMATS[mimeType].encode(sharp(image.data, raw)).toBuffer()
  return { data, width: image.width, height: image.height }
}
