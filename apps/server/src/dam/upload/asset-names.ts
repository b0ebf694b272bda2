import { AppError } from '../../platform/http/app-error.ts'
import type { AssetStore } from '../assets/asset-store.ts'

/** Windows device names: a file called so cannot be written or downloaded on Windows. */
const RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i

/**
 * A file name reduced to a safe stem, without folders or extension:
 * 'Ray Ban – čočka.JPG' → 'Ray-Ban-cocka', '../../etc/passwd' → 'passwd', '' → `fallback`.
 */
export function sanitizeAssetName(filename: string, fallback = 'file'): string {
  const base = filename
    .replace(/\0/g, '')
    .replace(/^.*[/\\]/, '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 100)
  return base === '' || RESERVED.test(base) ? fallback : base
}

/**
 * One folder name of an upload's relative `dir`, kept readable (spaces, accents) but without
 * separators or control characters; '.', '..' and empty names are refused.
 */
export function sanitizeFolderName(segment: string): string {
  const name = segment
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 190)
  if (name === '' || name === '.' || name === '..' || /[/\\]/.test(name)) {
    throw new AppError(400, 'INVALID_FOLDER_NAME', 'assetUpload.invalidDir')
  }
  return name
}

/** The folder names of a relative `dir` ('a/b/c', 'a\\b'); any '..' or '.' refuses it whole. */
export function folderNamesOf(dir: string | undefined): string[] {
  if (dir === undefined || dir.trim() === '') return []
  return dir
    .split(/[/\\]+/)
    .filter((segment, index, all) => !(segment === '' && (index === 0 || index === all.length - 1)))
    .map(sanitizeFolderName)
}

/** 'name.jpg', else 'name_1.jpg', 'name_2.jpg', … — the first not in `used`. */
export function firstFreeKey(used: ReadonlySet<string>, stem: string, extension: string): string {
  for (let n = 0; ; n += 1) {
    const key = n === 0 ? `${stem}.${extension}` : `${stem}_${n}.${extension}`
    if (!used.has(key)) return key
  }
}

/**
 * 'name.jpg', else 'name_1.jpg', 'name_2.jpg', … — the first key neither used in the folder nor
 * taken in the store (a file a deleted or older version still keeps).
 */
export async function chooseKey(
  used: ReadonlySet<string>,
  stem: string,
  extension: string,
  storageKeyOf: (key: string) => string,
  store: AssetStore,
): Promise<string> {
  for (let n = 0; n < 10_000; n += 1) {
    const key = n === 0 ? `${stem}.${extension}` : `${stem}_${n}.${extension}`
    if (!used.has(key) && !(await store.exists(storageKeyOf(key)))) return key
  }
  throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
}
