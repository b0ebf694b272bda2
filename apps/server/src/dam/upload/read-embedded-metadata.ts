/** Most characters one text value keeps, and most bytes the whole record may take as JSON. */
const MAX_TEXT = 2_000
const MAX_JSON_BYTES = 64 * 1024

/**
 * A value made fit for jsonb: dates as ISO text, binary blobs (thumbnails, maker notes) dropped,
 * texts cut and without NUL (which PostgreSQL refuses), nesting bounded.
 */
function toJsonValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string') return value.replace(/\0/g, '').slice(0, MAX_TEXT)
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString()
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined
  if (depth >= 4) return undefined
  if (Array.isArray(value)) {
    return value
      .slice(0, 100)
      .map((v) => toJsonValue(v, depth + 1))
      .filter((v) => v !== undefined)
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .slice(0, 300)
      .map(([k, v]) => [k.replace(/\0/g, '').slice(0, 100), toJsonValue(v, depth + 1)] as const)
      .filter(([, v]) => v !== undefined)
    return Object.fromEntries(entries)
  }
  return undefined
}

/**
 * What a picture says about itself — EXIF (camera, exposure, GPS), IPTC (caption, keywords,
 * copyright) and XMP — grouped by block (`{ ifd0, exif, gps, iptc }` and one per XMP namespace, e.g. `photoshop`, `dc`), or `{}` when it has
 * none or cannot be read: a damaged metadata block never stops an upload.
 */
export async function readEmbeddedMetadata(content: Buffer): Promise<Record<string, unknown>> {
  const { default: exifr } = await import('exifr')
  let parsed: unknown
  try {
    parsed = await exifr.parse(content, {
      tiff: true,
      exif: true,
      gps: true,
      iptc: true,
      xmp: true,
      icc: false,
      jfif: false,
      ihdr: false,
      interop: false,
      makerNote: false,
      userComment: false,
      mergeOutput: false,
    })
  } catch {
    return {}
  }
  const json = toJsonValue(parsed ?? {}, 0)
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {}
  const record = json as Record<string, unknown>
  // A record too large to be useful keeps only its first blocks.
  while (Buffer.byteLength(JSON.stringify(record)) > MAX_JSON_BYTES) {
    const keys = Object.keys(record)
    const last = keys.at(-1)
    if (last === undefined) break
    delete record[last]
  }
  return record
}
