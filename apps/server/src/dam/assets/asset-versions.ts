import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  ASSET_TYPES,
  AssetMetadataItemSchema,
  type AssetVersionView,
} from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { elementVersions } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { readUserNames } from '../../elements/element-lookup.ts'
import { assertNotLockedByOther, saveVersion } from '../../elements/element-services.ts'
import type { TreeRights } from '../../elements/tree-rights.ts'
import { purgeMediaCache } from '../media/media.routes.ts'
import { auditAssetChange } from './asset-audit.ts'
import type { AssetStore } from './asset-store.ts'
import {
  assetNotFound,
  fullPathOf,
  loadAssetRights,
  loadAssetWithRight,
  type AssetRow,
} from './read-asset-tree.ts'

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
  const vars = JSON.stringify({ k: storageKey })
  const { rows } = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from assets where storage_key = ${storageKey})
        or exists (select 1 from element_versions
                    where element_type = 'asset' and snapshot -> 'data' ->> 'storageKey' = ${storageKey})
        or exists (select 1 from recycle_bin b
                    where b.element_type = 'asset'
                      and (jsonb_path_exists(b.rows, '$.elements[*] ? (@.storage_key == $k)', ${vars}::jsonb)
                           or jsonb_path_exists(b.rows,
                                '$.related.element_versions[*].snapshot.data ? (@.storageKey == $k)', ${vars}::jsonb)))
        as used`)
  return Boolean(rows[0]?.used)
}

async function loadAssetVersion(db: Db, versionId: number) {
  const [version] = await db
    .select()
    .from(elementVersions)
    .where(and(eq(elementVersions.id, versionId), eq(elementVersions.elementType, 'asset')))
  if (!version) throw new AppError(404, 'ASSET_VERSION_NOT_FOUND', 'assetTree.versionNotFound')
  return version
}

/**
 * Makes a stored version the asset's current state (file and description; the asset stays where
 * it is in the tree) and writes that as a new version, in the caller's transaction. 409 when the
 * version's file is no longer in the store. Also run by the scheduler (no `ctx`, no rights).
 */
export async function publishAssetVersionInTx(
  tx: Db,
  input: {
    versionId: number
    ctx: AdminContext | null
    rights?: TreeRights
    store?: Pick<AssetStore, 'exists'>
  },
): Promise<{ versionId: number; versionCount: number; previousStorageKey: string | null }> {
  const version = await loadAssetVersion(tx, input.versionId)
  const [row] = await tx.select().from(assets).where(eq(assets.id, version.elementId)).for('update')
  if (!row) throw assetNotFound()
  if (input.rights) input.rights.assert(fullPathOf(row), 'publish')
  if (input.ctx) {
    await assertNotLockedByOther(tx, { type: 'asset', id: row.id }, input.ctx.admin.userId)
  }
  const data = readAssetVersionData(version.snapshot)
  if (
    data.storageKey !== null &&
    data.storageKey !== row.storageKey &&
    input.store &&
    !(await input.store.exists(data.storageKey))
  ) {
    throw new AppError(409, 'ASSET_VERSION_FILE_GONE', 'assetTree.versionFileMissing')
  }
  await tx
    .update(assets)
    .set({
      storageKey: data.storageKey,
      mimeType: data.mimeType,
      size: data.size,
      width: data.width,
      height: data.height,
      checksum: data.checksum,
      metadata: data.metadata,
      embeddedMetadata: data.embeddedMetadata,
      customSettings: data.customSettings,
      userModification: input.ctx?.admin.userId ?? row.userModification,
      updatedAt: new Date(),
    })
    .where(eq(assets.id, row.id))
  const saved = await saveAssetVersion(tx, input.ctx, row.id, {
    note: `version ${version.versionCount} published`,
  })
  if (input.ctx) {
    await auditAssetChange(input.ctx, tx, {
      action: 'asset.publishVersion',
      assetId: row.id,
      before: { versionCount: row.versionCount, storageKey: row.storageKey },
      after: { versionCount: saved.versionCount, fromVersion: version.versionCount },
    })
  }
  return {
    versionId: saved.id,
    versionCount: saved.versionCount,
    previousStorageKey: row.storageKey,
  }
}

/** POST /admin/asset/publish-version: the version becomes current (right `publish`). */
export async function publishAssetVersion(
  ctx: AdminContext,
  store: Pick<AssetStore, 'exists'>,
  dataDir: string,
  versionId: number,
): Promise<{ success: true; versionId: number; versionCount: number }> {
  const rights = await loadAssetRights(ctx)
  const result = await ctx.db.transaction((tx) =>
    publishAssetVersionInTx(tx, { versionId, ctx, rights, store }),
  )
  // The shop's cached sizes of the file it showed until now are stale.
  if (result.previousStorageKey) await purgeMediaCache(dataDir, result.previousStorageKey)
  return { success: true, versionId: result.versionId, versionCount: result.versionCount }
}

/** GET /admin/asset/show-version: one stored version (right `versions`). */
export async function showAssetVersion(
  ctx: AdminContext,
  versionId: number,
): Promise<AssetVersionView> {
  const version = await loadAssetVersion(ctx.db, versionId)
  const { row } = await loadAssetWithRight(ctx, version.elementId, 'versions')
  const data = readAssetVersionData(version.snapshot)
  const snapshot = (version.snapshot ?? {}) as { key?: unknown; path?: unknown; type?: unknown }
  const names = await readUserNames(ctx.db, [version.userId])
  const type = ASSET_TYPES.find((t) => t === snapshot.type) ?? row.type
  return {
    versionId: version.id,
    assetId: row.id,
    versionCount: version.versionCount,
    isPublic: version.isPublic,
    note: version.note,
    createdAt: version.createdAt.toISOString(),
    userName: version.userId === null ? null : (names.get(version.userId) ?? null),
    key: typeof snapshot.key === 'string' ? snapshot.key : row.key,
    path: typeof snapshot.path === 'string' ? snapshot.path : row.path,
    type,
    mimeType: data.mimeType,
    size: data.size,
    width: data.width,
    height: data.height,
    checksum: data.checksum,
    metadata: AssetMetadataListSchema.catch([]).parse(data.metadata),
    customSettings: data.customSettings as Record<string, unknown>,
    sameFile: data.storageKey === row.storageKey,
  }
}

/** Metadata as stored (already checked on save); anything unreadable shows as none. */
const AssetMetadataListSchema = z.array(AssetMetadataItemSchema)
