import { AppError } from '../../platform/http/app-error.ts'

/** Markup a browser would run if it ever took the file for HTML. */
const HTML_MARKUP =
  /<(?:script|html|body|iframe|object|embed|svg|img\s[^>]*\bon\w+)[\s>/]|<!doctype\s+html/i

/**
 * True when the bytes end with a well-formed ZIP end-of-central-directory record (its comment
 * length reaching exactly the end of the file), which is what a ZIP reader looks for: the file
 * is then also an archive, whatever it begins as.
 */
export function endsAsZip(bytes: Buffer): boolean {
  const from = Math.max(0, bytes.length - (22 + 0xffff))
  for (let at = bytes.length - 22; at >= from; at -= 1) {
    if (
      bytes[at] === 0x50 &&
      bytes[at + 1] === 0x4b &&
      bytes[at + 2] === 0x05 &&
      bytes[at + 3] === 0x06 &&
      at + 22 + bytes.readUInt16LE(at + 20) === bytes.length
    ) {
      return true
    }
  }
  return false
}

/** True when the bytes carry HTML markup anywhere (binary media never legitimately do). */
export function containsHtml(bytes: Buffer): boolean {
  return HTML_MARKUP.test(bytes.toString('latin1'))
}

/** The bytes after a PNG's IEND chunk (a valid PNG has none). */
export function afterPngEnd(bytes: Buffer): Buffer {
  let at = 8
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    at += 12 + length
    if (type === 'IEND') return bytes.subarray(Math.min(at, bytes.length))
  }
  return Buffer.alloc(0)
}

/**
 * Refuses a polyglot: a picture, video, sound or PDF that is also a web page or a ZIP archive
 * (a browser or an unzipper could be tricked into treating it as the other thing).
 */
export function assertNotPolyglot(bytes: Buffer, kind: string): void {
  const trailing = kind === 'png' ? afterPngEnd(bytes) : Buffer.alloc(0)
  if (endsAsZip(bytes) || containsHtml(bytes) || trailing.length > 0) {
    throw new AppError(422, 'POLYGLOT_FILE', 'assetUpload.polyglot')
  }
}
