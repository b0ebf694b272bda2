/** A version as the comparison needs it. */
export interface ComparableVersion {
  readonly id: number
  readonly versionCount: number
}

/**
 * The two selected versions in the order a diff reads them: older first, newer second (by
 * version number, whatever order they were ticked in). Nulls until two are selected.
 */
export function pickVersions(
  selectedIds: readonly number[],
  versions: readonly ComparableVersion[],
): [number | null, number | null] {
  const chosen = versions.filter((version) => selectedIds.includes(version.id))
  if (chosen.length !== 2) return [null, null]
  const [a, b] = chosen.sort((x, y) => x.versionCount - y.versionCount)
  return [a?.id ?? null, b?.id ?? null]
}
