import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import type { Metadata } from 'sharp'
import { ASSET_MAX_PIXELS } from '@optika/domain/pim/asset-api'
import {
  ASSET_MAX_SVG_BYTES,
  type AssetFileFamily,
  type AssetFileKind,
} from '@optika/domain/pim/asset-upload-api'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import type { AssetRow } from '../assets/read-asset-tree.ts'
import { assertSafeSvg } from './check-svg.ts'
import { assertNotPolyglot, containsHtml, endsAsZip } from './find-polyglot.ts'
import { readEmbeddedMetadata } from './read-embedded-metadata.ts'
import { fileKindOf, readHead, sniffAssetFile, unsupportedFile } from './sniff-asset-file.ts'

/** A checked upload, ready to store: what it is, how it is stored, and what describes it. */
export interface PreparedAssetFile {
  readonly kind: AssetFileKind
  readonly family: AssetFileFamily
  readonly assetType: AssetRow['type']
  /** The type it is stored and served as (its sniffed type; TIFF is stored as WebP). */
  readonly mimeType: string
  /** The extension its key gets. */
  readonly extension: string
  readonly size: number
  readonly width: number | null
  readonly height: number | null
  /** SHA-256 of the stored bytes, hex. */
  readonly checksum: string
  readonly embeddedMetadata: Record<string, unknown>
  /** The bytes to store: re-encoded pictures in memory, everything else streamed from disk. */
  readonly body: { readonly buffer: Buffer } | { readonly file: string }
}

const ASSET_TYPE_OF = {
  image: 'image',
  svg: 'image',
  document: 'document',
  video: 'video',
  audio: 'other',
  text: 'other',
} as const satisfies Record<AssetFileFamily, AssetRow['type']>

/** Pictures re-encoded into another format (browsers cannot show TIFF). */
const STORED_IMAGE_AS: Partial<Record<AssetFileKind, { extension: string; mimeType: string }>> = {
  tiff: { extension: 'webp', mimeType: 'image/webp' },
}

export interface UploadLimits {
  readonly maxBytes: number
}

/** '20 MB', '195 KB': a limit as a person reads it. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return mb >= 1 ? `${Math.floor(mb)} MB` : `${Math.floor(bytes / 1024)} KB`
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(413, 'FILE_TOO_LARGE', 'pimAssets.fileTooLarge', {
    value: formatBytes(maxBytes),
  })
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function readTail(file: string, size: number, bytes: number): Promise<Buffer> {
  const handle = await open(file)
  try {
    const length = Math.min(bytes, size)
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, size - length)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The picture's header only (no pixels decoded), or a 415 when it is not a readable picture. */
async function readImageHeader(content: Buffer): Promise<Metadata> {
  const sharp = await loadSharp()
  try {
    // Reading the header decodes no pixels, so no limit here: the caller checks the dimensions.
    return await sharp(content, { failOn: 'error', limitInputPixels: false }).metadata()
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.unsupportedType')
  }
}

/** Decodes and re-encodes the picture: orientation applied, EXIF/XMP/ICC metadata dropped. */
async function reencode(
  content: Buffer,
  kind: AssetFileKind,
): Promise<{ data: Buffer; width: number; height: number }> {
  const animated = kind === 'gif' || kind === 'webp'
  const sharp = await loadSharp()
  const image = sharp(content, {
    limitInputPixels: ASSET_MAX_PIXELS,
    failOn: 'error',
    animated,
  }).rotate()
  const encoded =
    kind === 'jpeg'
      ? image.jpeg({ quality: 90, mozjpeg: true })
      : kind === 'png'
        ? image.png()
        : kind === 'gif'
          ? image.gif()
          : kind === 'avif'
            ? image.avif({ quality: 70 })
            : image.webp({ quality: 90 })
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.pageHeight ?? info.height }
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.unsupportedType')
  }
}

/** A number of an SVG root attribute ('120', '120px'), else null. */
function svgLength(svg: string, name: 'width' | 'height'): number | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? ''
  const match = new RegExp(
    `\\s${name}\\s*=\\s*["']\\s*(\\d+(?:\\.\\d+)?)\\s*(?:px)?\\s*["']`,
    'i',
  ).exec(root)
  return match?.[1] ? Math.round(Number(match[1])) : null
}

/**
 * Checks an uploaded file on disk before anything is stored: not empty, at most `maxBytes`, a
 * kind of the allow-list by its bytes, pictures of at most ASSET_MAX_PIXELS (read from the header,
 * before decoding) and re-encoded without metadata (read first into `embeddedMetadata`), SVGs
 * free of scripts and outside references, media that are not also web pages or ZIP archives.
 */
export async function prepareAssetFile(
  file: string,
  filename: string,
  limits: UploadLimits,
): Promise<PreparedAssetFile> {
  const { size } = await stat(file)
  if (size === 0) throw new AppError(400, 'EMPTY_FILE', 'assetUpload.emptyFile')
  if (size > limits.maxBytes) throw fileTooLarge(limits.maxBytes)
  const sniffed = await sniffAssetFile(file, filename)
  const kind = fileKindOf(sniffed.kind)
  const common = {
    kind: sniffed.kind,
    family: sniffed.family,
    assetType: ASSET_TYPE_OF[sniffed.family],
  }

  if (sniffed.family === 'image') {
    const content = await readFile(file)
    assertNotPolyglot(content, sniffed.kind)
    const header = await readImageHeader(content)
    const width = header.width ?? 0
    const height = header.height ?? 0
    if (width === 0 || height === 0) throw unsupportedFile()
    const frames = Math.max(1, header.pages ?? 1)
    if (width * height > ASSET_MAX_PIXELS || width * height * frames > ASSET_MAX_PIXELS * 4) {
      throw new AppError(413, 'IMAGE_TOO_MANY_PIXELS', 'pimAssets.tooManyPixels', {
        value: ASSET_MAX_PIXELS / 1_000_000,
      })
    }
    const embeddedMetadata = await readEmbeddedMetadata(content)
    const encoded = await reencode(content, sniffed.kind)
    const stored = STORED_IMAGE_AS[sniffed.kind] ?? {
      extension: kind.extensions[0],
      mimeType: kind.mimeType,
    }
    return {
      ...common,
      ...stored,
      size: encoded.data.length,
      width: encoded.width,
      height: encoded.height,
      checksum: createHash('sha256').update(encoded.data).digest('hex'),
      embeddedMetadata,
      body: { buffer: encoded.data },
    }
  }

  if (sniffed.family === 'svg') {
    if (size > ASSET_MAX_SVG_BYTES) throw fileTooLarge(ASSET_MAX_SVG_BYTES)
    const content = await readFile(file)
    const svg = content.toString('utf8')
    assertSafeSvg(svg)
    return {
      ...common,
      extension: 'svg',
      mimeType: kind.mimeType,
      size,
      width: svgLength(svg, 'width'),
      height: svgLength(svg, 'height'),
      checksum: createHash('sha256').update(content).digest('hex'),
      embeddedMetadata: {},
      body: { buffer: content },
    }
  }

  // Media and PDFs: never also a web page (at the start, where browsers look) or a ZIP archive.
  if (sniffed.family === 'video' || sniffed.family === 'audio' || sniffed.kind === 'pdf') {
    const head = await readHead(file, 4096)
    const tail = await readTail(file, size, 22 + 0xffff)
    if ((sniffed.kind !== 'pdf' && containsHtml(head)) || endsAsZip(tail)) {
      throw new AppError(422, 'POLYGLOT_FILE', 'assetUpload.polyglot')
    }
  }
  return {
    ...common,
    extension: kind.extensions[0],
    mimeType: kind.mimeType,
    size,
    width: null,
    height: null,
    checksum: await sha256OfFile(file),
    embeddedMetadata: {},
    body: { file },
  }
}
