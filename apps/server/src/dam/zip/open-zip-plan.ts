import type { Entry, ZipFile } from 'yauzl'
import { AppError } from '../../platform/http/app-error.ts'

/** What an imported archive may hold (from the environment, see README "Configuration"). */
export interface ZipImportLimits {
  /** Most entries (files and folders). */
  readonly maxFiles: number
  /** Most bytes all entries may unpack to. */
  readonly maxBytes: number
  /** Highest unpacked ÷ packed ratio of an entry or of the whole archive. */
  readonly maxRatio: number
}

/** One entry the import will create: a folder, or a file read through `entry`. */
export interface ZipPlanEntry {
  readonly entry: Entry
  /** The entry's name as written in the archive (for messages). */
  readonly name: string
  /** Its path as plain segments, never '', '.' or '..'. */
  readonly segments: readonly string[]
  readonly directory: boolean
}

/** An archive that passed every check, still open: the caller reads its entries, then closes it. */
export interface ZipPlan {
  readonly zip: ZipFile
  readonly entries: readonly ZipPlanEntry[]
  readonly files: number
  readonly bytes: number
}

/**
 * Below this size an entry's ratio is not judged: a small text or an empty picture compresses
 * very well and is harmless. Anything that unpacks to more is held to `maxRatio`.
 */
const RATIO_FLOOR_BYTES = 1024 * 1024

/** The fixed part of a local file header: entries closer together than this overlap. */
const LOCAL_HEADER_BYTES = 30

/** Files archivers add that are not content (macOS resource forks, Finder and Explorer caches). */
function isJunk(segments: readonly string[]): boolean {
  const last = segments[segments.length - 1] ?? ''
  return segments[0] === '__MACOSX' || last === '.DS_Store' || last === 'Thumbs.db'
}

function refused(key: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(400, 'ZIP_REFUSED', key, params)
}

export function zipNotReadable(): AppError {
  return new AppError(400, 'ZIP_INVALID', 'assetZip.notAZip')
}

/** A name as printed in a message: control characters dropped, at most 120 characters. */
export function printableName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?')
  return clean.length > 120 ? `${clean.slice(0, 117)}…` : clean
}

/**
 * The entry's path as segments, or a refusal: a backslash, an absolute path (`/…`, `C:…`) or a
 * `..` segment could write outside the target folder (zip slip), so the whole archive is refused.
 */
function segmentsOf(name: string): string[] {
  if (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').includes('..')
  ) {
    throw refused('assetZip.unsafePath', { name: printableName(name) })
  }
  return name.split('/').filter((segment) => segment !== '' && segment !== '.')
}

/** A Unix symbolic link (made on Unix or macOS, file type bits 0o120000). */
function isSymlink(entry: Entry): boolean {
  const host = entry.versionMadeBy >> 8
  const mode = (entry.externalFileAttributes >>> 16) & 0o170000
  return (host === 3 || host === 19) && mode === 0o120000
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = []
    zip.on('entry', (entry: Entry) => {
      entries.push(entry)
      zip.readEntry()
    })
    zip.on('end', () => resolve(entries))
    zip.on('error', reject)
    zip.readEntry()
  })
}

/** Entries sharing bytes (an overlapping "non-recursive" zip bomb) or pointing past the end. */
function assertNoOverlap(entries: readonly Entry[], fileSize: number): void {
  const sorted = [...entries].sort(
    (a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader,
  )
  for (const [index, entry] of sorted.entries()) {
    const end =
      entry.relativeOffsetOfLocalHeader +
      LOCAL_HEADER_BYTES +
      entry.fileNameLength +
      entry.compressedSize
    if (end > fileSize) throw zipNotReadable()
    const next = sorted[index + 1]
    if (next && next.relativeOffsetOfLocalHeader < end) throw refused('assetZip.bomb')
  }
}

/**
 * Opens an archive on disk and checks all of it before anything is stored: a readable zip, at
 * most `maxFiles` entries and `maxBytes` unpacked, no entry or archive compressed more than
 * `maxRatio` times, no overlapping entries, no path leaving the folder, no symbolic link, no
 * encrypted entry, only stored or deflated data, at least one file. Sizes are as declared;
 * reading an entry checks its real size against them (yauzl), so a lying header fails then.
 */
export async function openZipPlan(file: string, limits: ZipImportLimits): Promise<ZipPlan> {
  const { default: yauzl } = await import('yauzl')
  let zip: ZipFile
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    })
  } catch {
    throw zipNotReadable()
  }
  try {
    if (zip.entryCount > limits.maxFiles) {
      throw refused('assetZip.tooManyFiles', { value: limits.maxFiles })
    }
    let raw: Entry[]
    try {
      raw = await readEntries(zip)
    } catch {
      throw zipNotReadable()
    }
    const entries: ZipPlanEntry[] = []
    let bytes = 0
    let packed = 0
    let files = 0
    for (const entry of raw) {
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      )
      const segments = segmentsOf(name)
      const printable = printableName(name)
      if (isSymlink(entry)) throw refused('assetZip.symlink', { name: printable })
      if (entry.isEncrypted()) throw refused('assetZip.encrypted', { name: printable })
      const directory = name.endsWith('/')
      if (segments.length === 0 || isJunk(segments)) continue
      if (directory) {
        entries.push({ entry, name, segments, directory })
        continue
      }
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        throw refused('assetZip.unsupportedCompression', { name: printable })
      }
      if (
        entry.uncompressedSize > RATIO_FLOOR_BYTES &&
        entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
      ) {
        throw refused('assetZip.bomb')
      }
      bytes += entry.uncompressedSize
      packed += entry.compressedSize
      files += 1
      if (bytes > limits.maxBytes) {
        throw refused('assetZip.tooManyBytes', { value: formatBytes(limits.maxBytes) })
      }
      entries.push({ entry, name, segments, directory })
    }
    if (bytes > RATIO_FLOOR_BYTES && bytes > limits.maxRatio * Math.max(packed, 1)) {
      throw refused('assetZip.bomb')
    }
    assertNoOverlap(raw, zip.fileSize)
    if (files === 0) throw refused('assetZip.empty')
    return { zip, entries, files, bytes }
  } catch (error) {
    zip.close()
    throw error
  }
}

/** '20 MB', '2 GB', '195 KB': a limit as a person reads it. */
export function formatBytes(bytes: number): string {
  const gb = bytes / 1024 ** 3
  if (gb >= 1) return `${Math.floor(gb * 10) / 10} GB`
  const mb = bytes / 1024 ** 2
  return mb >= 1 ? `${Math.floor(mb)} MB` : `${Math.floor(bytes / 1024)} KB`
}
