import type { AssetVersionView } from '@optika/domain/pim/asset-api'

/** One line of a comparison of two versions. */
export interface VersionCompareRow {
  field: string
  from: string
  to: string
  changed: boolean
}

function metadataMap(version: AssetVersionView): Map<string, string> {
  const map = new Map<string, string>()
  for (const item of version.metadata) {
    const label = item.language === '' ? item.name : `${item.name} (${item.language.toUpperCase()})`
    map.set(label, item.data === null ? '' : String(item.data))
  }
  return map
}

/**
 * What differs between two versions: the file (name, type, size, dimensions, checksum), the
 * focal point and each custom metadata field (a field missing on one side reads as empty).
 */
export function compareAssetVersions(
  from: AssetVersionView,
  to: AssetVersionView,
): VersionCompareRow[] {
  const text = (value: unknown): string =>
    value === null || value === undefined ? '' : (JSON.stringify(value) ?? '').replace(/^"|"$/g, '')
  const fixed: [string, unknown, unknown][] = [
    ['key', from.key, to.key],
    ['path', from.path, to.path],
    ['mimeType', from.mimeType, to.mimeType],
    ['size', from.size, to.size],
    [
      'dimensions',
      from.width === null ? null : `${from.width} × ${from.height}`,
      to.width === null ? null : `${to.width} × ${to.height}`,
    ],
    ['checksum', from.checksum, to.checksum],
    ['focalPoint', from.customSettings.focalPoint, to.customSettings.focalPoint],
  ]
  const rows: VersionCompareRow[] = fixed.map(([field, a, b]) => ({
    field,
    from: text(a),
    to: text(b),
    changed: text(a) !== text(b),
  }))
  const fromMeta = metadataMap(from)
  const toMeta = metadataMap(to)
  const names = [...new Set([...fromMeta.keys(), ...toMeta.keys()])].sort((a, b) =>
    a.localeCompare(b),
  )
  for (const name of names) {
    const a = fromMeta.get(name) ?? ''
    const b = toMeta.get(name) ?? ''
    rows.push({ field: `metadata:${name}`, from: a, to: b, changed: a !== b })
  }
  return rows
}
