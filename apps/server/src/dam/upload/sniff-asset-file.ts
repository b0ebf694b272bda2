import { open } from 'node:fs/promises'
import {
  ASSET_ALLOWED_FILES,
  type AssetFileFamily,
  type AssetFileKind,
} from '@optika/domain/pim/asset-upload-api'
import { AppError } from '../../platform/http/app-error.ts'

export interface SniffedFile {
  readonly kind: AssetFileKind
  readonly family: AssetFileFamily
  readonly mimeType: string
}

/** file-type's names for the kinds it recognises that the allow-list accepts. */
const BY_DETECTED_EXTENSION: Readonly<Record<string, AssetFileKind>> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  tif: 'tiff',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  mp4: 'mp4',
  m4v: 'mp4',
  webm: 'webm',
  mov: 'mov',
  mp3: 'mp3',
}

/** Old Office files are all one container format (CFB); only the name tells them apart. */
const CFB_BY_NAME: Readonly<Record<string, AssetFileKind>> = { doc: 'doc', xls: 'xls', ppt: 'ppt' }

export function fileKindOf(kind: AssetFileKind) {
  const found = ASSET_ALLOWED_FILES.find((f) => f.kind === kind)
  if (!found) throw new Error(`Unknown asset file kind ${kind}`)
  return found
}

/** The lower-case extension of a file name ('Photo.JPG' → 'jpg'), or ''. */
export function extensionOf(filename: string): string {
  const base = filename.replace(/^.*[/\\]/, '')
  const dot = base.lastIndexOf('.')
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase()
}

/** The family a file name claims by its extension, when it names an accepted kind. */
function familyClaimedBy(filename: string): AssetFileFamily | null {
  const extension = extensionOf(filename)
  if (!extension) return null
  const claimed = ASSET_ALLOWED_FILES.find((f) =>
    (f.extensions as readonly string[]).includes(extension),
  )
  return claimed?.family ?? null
}

export function unsupportedFile(): AppError {
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'assetUpload.unsupportedType')
}

/** True when the whole file is UTF-8 text without control characters (a BOM is fine). */
async function isPlainText(file: string): Promise<boolean> {
  const handle = await open(file)
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true })
    const buffer = Buffer.alloc(64 * 1024)
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      const chunk = buffer.subarray(0, bytesRead)
      // NUL and the C0 controls other than tab, line feed, form feed and carriage return.
      if (chunk.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d)) {
        return false
      }
      decoder.decode(chunk, { stream: true })
    }
    decoder.decode()
    return true
  } catch {
    return false
  } finally {
    await handle.close()
  }
}

/** The first bytes of a file, as text (for recognising SVG and HTML). */
export async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file)
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const SVG_ROOT =
  /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[\s\S]*?>\s*)*<svg[\s>/]/i
const HTML_START = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|script)[\s>/]/i

/**
 * What a file really is, from its bytes (the client's MIME type is never read): one of the
 * allow-list's kinds, or a 415. A name whose extension claims another family (a text file named
 * `.jpg`) is refused too, so a file is never stored as something it pretends to be.
 */
export async function sniffAssetFile(file: string, filename: string): Promise<SniffedFile> {
  const { fileTypeFromFile } = await import('file-type')
  const found = await fileTypeFromFile(file)
  // XML (an SVG with an `<?xml …?>` declaration) is text: read as such below.
  const detected = found?.ext === 'xml' ? undefined : found
  let kind: AssetFileKind | undefined
  if (detected) {
    kind =
      detected.ext === 'cfb'
        ? CFB_BY_NAME[extensionOf(filename)]
        : BY_DETECTED_EXTENSION[detected.ext]
  } else if (await isPlainText(file)) {
    const head = (await readHead(file, 16 * 1024)).toString('utf8').replace(/^\uFEFF/, '')
    if (SVG_ROOT.test(head)) kind = 'svg'
    else if (HTML_START.test(head)) kind = undefined
    else kind = extensionOf(filename) === 'csv' ? 'csv' : 'txt'
  }
  const claimed = familyClaimedBy(filename)
  if (!kind) {
    if (claimed === 'image') {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.unsupportedType')
    }
    throw unsupportedFile()
  }
  const { family, mimeType } = fileKindOf(kind)
  if (claimed !== null && claimed !== family && !(claimed === 'image' && family === 'svg')) {
    if (claimed === 'image') {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.unsupportedType')
    }
    throw new AppError(415, 'CONTENT_DOES_NOT_MATCH_NAME', 'assetUpload.contentMismatch', {
      extension: extensionOf(filename),
    })
  }
  return { kind, family, mimeType }
}
