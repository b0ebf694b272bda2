import type { Metadata } from 'sharp'
import { ACCEPTED_IMAGE_FORMATS, type AcceptedImageFormat } from '@optika/domain/pim/asset-api'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'

/**
 * The image format the bytes really are (never the name or the client's MIME type), or a 415.
 * sharp reports AVIF as HEIF with AV1 compression; HEIC (HEVC) is not accepted.
 */
export async function sniffImageFormat(
  content: Buffer,
): Promise<{ format: AcceptedImageFormat; width: number; height: number }> {
  const unsupported = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.unsupportedType')
  const sharp = await loadSharp()
  let metadata: Metadata
  try {
    // Reading the header decodes no pixels, so no limit here: the caller checks the dimensions.
    metadata = await sharp(content, { failOn: 'error', limitInputPixels: false }).metadata()
  } catch {
    throw unsupported()
  }
  const format =
    metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : null) : metadata.format
  const accepted = ACCEPTED_IMAGE_FORMATS.find((f) => f === format)
  if (!accepted || !metadata.width || !metadata.height) throw unsupported()
  return { format: accepted, width: metadata.width, height: metadata.height }
}
