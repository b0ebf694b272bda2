import { and, eq, ne } from 'drizzle-orm'
import type { AssetNode } from '@optika/domain/pim/asset-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { saveAssetVersion, storageKeyInUse } from '../assets/asset-versions.ts'
import {
  assetNodeFor,
  assetNotFound,
  loadAssetWithRight,
  type AssetRow,
} from '../assets/read-asset-tree.ts'
import { invalidateAssetDerivatives } from '../thumbnails/invalidate-asset-derivatives.ts'
import { chooseKey, firstFreeKey } from './asset-names.ts'
import { auditAssetChange } from '../assets/asset-audit.ts'
import { prepareAssetFile, type UploadLimits } from './prepare-asset-file.ts'
import { storePreparedFile } from './store-prepared-file.ts'
import type { ReceivedFile } from './upload-asset.ts'

export interface ReplaceOptions extends UploadLimits {
  /** DATA_DIR, where the shop's resized pictures are cached. */
  readonly dataDir: string
  /** A note for the new version. */
  readonly note?: string | undefined
}

/**
 * Replaces an asset's file with an uploaded one of the same asset type (an image by an image…):
 * the new file is checked and stored under a new storage key, then the row and a new version are
 * written in one transaction (the old file stays with the older versions); a key whose extension
 * changes ('a.png' → 'a.jpg') is renamed, uniquely in its folder. Needs the 'publish' right.
 */
export async function replaceAsset(
  ctx: AdminContext,
  store: AssetStore,
  assetId: number,
  received: ReceivedFile,
  options: ReplaceOptions,
): Promise<AssetNode> {
  const { row: before } = await loadAssetWithRight(ctx, assetId, 'publish')
  if (before.type === 'folder') throw new AppError(400, 'ASSET_IS_FOLDER', 'assetUpload.isFolder')
  const prepared = await prepareAssetFile(received.file, received.filename, options)
  if (prepared.assetType !== before.type) {
    throw new AppError(415, 'REPLACE_TYPE_MISMATCH', 'assetUpload.replaceTypeMismatch', {
      expected: ctx.t(`assetUpload.assetType.${before.type}`),
      actual: ctx.t(`assetUpload.assetType.${prepared.assetType}`),
    })
  }
  const stem = before.key.replace(/\.[^.]*$/, '') || before.key
  const storageFolder = before.path.slice(1)
  // Before the first change, keep what the asset was (an asset from before versions had none).
  if (before.versionCount === 0) {
    await ctx.db.transaction(async (tx) => {
      await saveAssetVersion(tx, ctx, before.id)
    })
  }

  for (let attempt = 0; attempt < 20; attempt += 1) {
    let storageKey: string | null = null
    let updated: AssetRow
    try {
      updated = await ctx.db.transaction(async (tx) => {
        // Locked: a concurrent replace of this asset waits, then takes the next version.
        const [current] = await tx
          .select()
          .from(assets)
          .where(eq(assets.id, before.id))
          .for('update')
        if (!current) throw assetNotFound()
        const siblings = await tx
          .select({ key: assets.key })
          .from(assets)
          .where(and(eq(assets.parentId, current.parentId ?? -1), ne(assets.id, current.id)))
        const sameExtension = current.key.toLowerCase().endsWith(`.${prepared.extension}`)
        const key = sameExtension
          ? current.key
          : firstFreeKey(new Set(siblings.map((s) => s.key)), stem, prepared.extension)
        // A fresh storage key: older versions keep naming the old file, which stays in the store.
        const fileKey = await chooseKey(
          new Set(),
          `${stem}~v${current.versionCount + 1}`,
          prepared.extension,
          (k) => `${storageFolder}${k}`,
          store,
        )
        storageKey = `${storageFolder}${fileKey}`
        await storePreparedFile(store, storageKey, prepared)
        const [row] = await tx
          .update(assets)
          .set({
            key,
            mimeType: prepared.mimeType,
            size: prepared.size,
            width: prepared.width,
            height: prepared.height,
            storageKey,
            checksum: prepared.checksum,
            embeddedMetadata: prepared.embeddedMetadata,
            userModification: ctx.admin.userId,
            updatedAt: new Date(),
          })
          .where(eq(assets.id, current.id))
          .returning()
        if (!row) throw assetNotFound()
        await saveAssetVersion(tx, ctx, row.id, options.note ? { note: options.note } : {})
        await auditAssetChange(ctx, tx, {
          action: 'asset.replace',
          assetId: row.id,
          before: { key: current.key, mimeType: current.mimeType, checksum: current.checksum },
          after: { key: row.key, mimeType: row.mimeType, checksum: row.checksum },
        })
        return row
      })
    } catch (error) {
      if (storageKey) await store.delete(storageKey)
      // The new key was taken by another upload meanwhile: choose again.
      if (isUniqueViolation(error)) continue
      throw error
    }
    // Thumbnails, previews and the shop's cached sizes of the old file go (thumbs' one call).
    await invalidateAssetDerivatives(ctx.db, store, options.dataDir, before.id, {
      previousStorageKeys: before.storageKey ? [before.storageKey] : [],
    })
    if (before.storageKey && !(await storageKeyInUse(ctx.db, before.storageKey))) {
      await store.delete(before.storageKey)
    }
    return assetNodeFor(ctx, updated)
  }
  throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
