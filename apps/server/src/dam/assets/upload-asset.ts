import { eq } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import {
  ACCEPTED_IMAGE_FORMATS,
  ASSET_MAX_PIXELS,
  type AcceptedImageFormat,
  type AddAssetFolder,
  type AssetNode,
} from '@optika/domain/pim/asset-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from './asset-store.ts'
import { childPathOf, keysInFolder, loadTargetFolder, assetNodeFor } from './read-asset-tree.ts'

/** How each accepted format is stored: browsers cannot show TIFF, so it becomes WebP. */
const STORED_AS = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg' },
  png: { extension: 'png', mimeType: 'image/png' },
  webp: { extension: 'webp', mimeType: 'image/webp' },
  gif: { extension: 'gif', mimeType: 'image/gif' },
  avif: { extension: 'avif', mimeType: 'image/avif' },
  tiff: { extension: 'webp', mimeType: 'image/webp' },
} as const satisfies Record<AcceptedImageFormat, { extension: string; mimeType: string }>

export interface UploadedFile {
  readonly filename: string
  readonly content: Buffer
}

function unsupported(): AppError {
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.unsupportedType')
}

/**
 * The image format the bytes really are (never the name or the client's MIME type), or a 415.
 * sharp reports AVIF as HEIF with AV1 compression; HEIC (HEVC) is not accepted.
 */
export async function sniffImageFormat(
  content: Buffer,
): Promise<{ format: AcceptedImageFormat; width: number; height: number }> {
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

/** Decodes and re-encodes the picture: orientation applied, EXIF/XMP/ICC metadata dropped. */
async function reencode(
  content: Buffer,
  format: AcceptedImageFormat,
): Promise<{ data: Buffer; width: number; height: number }> {
  const animated = format === 'gif' || format === 'webp'
  const image = sharp(content, {
    limitInputPixels: ASSET_MAX_PIXELS,
    failOn: 'error',
    animated,
  }).rotate()
  const encoded =
    format === 'jpeg'
      ? image.jpeg({ quality: 90, mozjpeg: true })
      : format === 'png'
        ? image.png()
        : format === 'gif'
          ? image.gif()
          : format === 'avif'
            ? image.avif({ quality: 70 })
            : image.webp({ quality: 90 })
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.pageHeight ?? info.height }
  } catch {
    throw unsupported()
  }
}

/** A file name reduced to safe characters: 'Ray Ban – čočka.JPG' → 'Ray-Ban-cocka'. */
export function sanitizeAssetName(filename: string): string {
  const base = filename
    .replace(/^.*[/\\]/, '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 100)
  return base === '' ? 'image' : base
}

/** 'name.jpg', else 'name_1.jpg', 'name_2.jpg', … — the first key free in the folder and store. */
async function chooseKey(
  used: ReadonlySet<string>,
  base: string,
  extension: string,
  storageKeyOf: (key: string) => string,
  store: AssetStore,
): Promise<string> {
  for (let n = 0; ; n += 1) {
    const key = n === 0 ? `${base}.${extension}` : `${base}_${n}.${extension}`
    if (!used.has(key) && !(await store.exists(storageKeyOf(key)))) return key
  }
}

/**
 * Stores an uploaded picture in a folder: the content must be an accepted image of at most
 * ASSET_MAX_PIXELS; it is re-encoded without metadata under a key unique in the folder, and the
 * asset row exists only if the file was stored.
 */
export async function uploadAsset(
  ctx: AdminContext,
  store: AssetStore,
  folderId: number,
  file: UploadedFile,
): Promise<AssetNode> {
  const folder = await loadTargetFolder(ctx, folderId)
  const sniffed = await sniffImageFormat(file.content)
  if (sniffed.width * sniffed.height > ASSET_MAX_PIXELS) {
    throw new AppError(413, 'IMAGE_TOO_MANY_PIXELS', 'pimAssets.tooManyPixels', {
      value: ASSET_MAX_PIXELS / 1_000_000,
    })
  }
  const encoded = await reencode(file.content, sniffed.format)
  const { extension, mimeType } = STORED_AS[sniffed.format]
  const path = childPathOf(folder)
  const storageKeyOf = (key: string) => `${path.slice(1)}${key}`
  const base = sanitizeAssetName(file.filename)

  // Another upload may take the chosen key between the read and the insert: then try the next.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const used = await keysInFolder(ctx.db, folder.id)
    const key = await chooseKey(used, base, extension, storageKeyOf, store)
    const [row] = await ctx.db
      .insert(assets)
      .values({
        parentId: folder.id,
        type: 'image',
        key,
        path,
        mimeType,
        size: encoded.data.length,
        width: encoded.width,
        height: encoded.height,
        storageKey: storageKeyOf(key),
      })
      .onConflictDoNothing()
      .returning()
    if (!row) continue
    try {
      await store.put(storageKeyOf(key), encoded.data, mimeType)
    } catch (error) {
      await ctx.db.delete(assets).where(eq(assets.id, row.id))
      throw error
    }
    return assetNodeFor(ctx, row, false)
  }
  throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
}

/** Creates a folder under a folder; the name must be free there. */
export async function addAssetFolder(ctx: AdminContext, input: AddAssetFolder): Promise<AssetNode> {
  const parent = await loadTargetFolder(ctx, input.parentId)
  const [row] = await ctx.db
    .insert(assets)
    .values({ parentId: parent.id, type: 'folder', key: input.name, path: childPathOf(parent) })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new AppError(409, 'ASSET_KEY_TAKEN', 'pimAssets.nameTaken')
  return assetNodeFor(ctx, row, false)
}
