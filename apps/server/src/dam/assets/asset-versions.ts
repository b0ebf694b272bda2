import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { saveVersion } from '../../elements/element-services.ts'
import { assetNotFound, type AssetRow } from './read-asset-tree.ts'

/**
 * What a version of an asset keeps (`element_versions.snapshot.data`): the file (by its key in
 * the asset store, never the bytes) and what describes it. Publishing a version puts these back
 * on the asset row; its place in the tree (key, parent) stays where the asset is now.
 */
export interface AssetVersionData {
  readonly storageKey: string | null
  readonly mimeType: string | null
  readonly size: number | null
  readonly width: number | null
  readonly height: number | null
  readonly checksum: string | null
  readonly metadata: unknown
  readonly embeddedMetadata: unknown
  readonly customSettings: unknown
}

export function assetVersionDataOf(row: AssetRow): AssetVersionData {
  return {
    storageKey: row.storageKey,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    checksum: row.checksum,
    metadata: row.metadata,
    embeddedMetadata: row.embeddedMetadata,
    customSettings: row.customSettings,
  }
}

/**
 * Writes the next version of an asset from its row as it is now in `tx` (call it after your
 * change, in the same transaction): the shared element version (type 'asset', always public —
 * an asset has no drafts) and `assets.version_count`. A file replaced under a new storage key
 * keeps the old key in the older versions, so never delete a file a version still names
 * (see `storageKeyInUse`).
 */
export async function saveAssetVersion(
  tx: Db,
  ctx: Pick<AdminContext, 'admin'> | null,
  assetId: number,
  options: { note?: string } = {},
): Promise<{ id: number; versionCount: number }> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, assetId)).for('update')
  if (!row) throw assetNotFound()
  const version = await saveVersion(tx, {
    element: { type: 'asset', id: row.id },
    snapshot: {
      key: row.key,
      parentId: row.parentId,
      path: row.path,
      type: row.type,
      classId: null,
      published: true,
      index: 0,
      data: { ...assetVersionDataOf(row) },
    },
    userId: ctx?.admin.userId ?? null,
    isPublic: true,
    ...(options.note === undefined ? {} : { note: options.note }),
  })
  await tx.update(assets).set({ versionCount: version.versionCount }).where(eq(assets.id, assetId))
  return version
}

/** Reads a version snapshot's asset data back (tolerating older snapshots without some fields). */
export function readAssetVersionData(snapshot: unknown): AssetVersionData {
  const data =
    typeof snapshot === 'object' && snapshot !== null && 'data' in snapshot ? snapshot.data : {}
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null)
  return {
    storageKey: text(d.storageKey),
    mimeType: text(d.mimeType),
    size: int(d.size),
    width: int(d.width),
    height: int(d.height),
    checksum: text(d.checksum),
    metadata: Array.isArray(d.metadata) ? d.metadata : [],
    embeddedMetadata:
      typeof d.embeddedMetadata === 'object' && d.embeddedMetadata !== null
        ? d.embeddedMetadata
        : {},
    customSettings:
      typeof d.customSettings === 'object' && d.customSettings !== null ? d.customSettings : {},
  }
}

/**
 * True while an asset row or a stored asset version (or a recycle-bin entry) still names this
 * file: a replaced or deleted file is removed from the store only when this is false.
 */
export async function storageKeyInUse(db: Db, storageKey: string): Promise<boolean> {
  const { rows } = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from assets where storage_key = ${storageKey})
        or exists (select 1 from element_versions
                    where element_type = 'asset' and snapshot -> 'data' ->> 'storageKey' = ${storageKey})
        as used`)
  return Boolean(rows[0]?.used)
}
