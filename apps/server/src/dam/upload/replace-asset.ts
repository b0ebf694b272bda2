import { and, eq, ne } from 'drizzle-orm'
import type { AssetNode } from '@optika/domain/pim/asset-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { saveAssetVersion, storageKeyInUse } from '../assets/asset-versions.ts'
import { assetNodeFor, assetNotFound, findAsset, fullPathOf } from '../assets/read-asset-tree.ts'
import { purgeMediaCache } from '../media/media.routes.ts'
import { chooseKey, firstFreeKey } from './asset-names.ts'
import { auditAssetUpload } from './audit-asset-upload.ts'
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
 * The one place a replaced file's derivatives are dropped: the shop's cached sizes of the old
 * file. (The thumbnails of `dam/thumbnails` are keyed by storage key too: a replaced file gets a
 * new key, so no stale thumbnail is ever served; when `invalidateAssetDerivatives` lands on main
 * it is called from here.)
 */
async function invalidateDerivativesAfterReplace(
  options: ReplaceOptions,
  previousStorageKey: string | null,
): Promise<void> {
  if (previousStorageKey) await purgeMediaCache(options.dataDir, previousStorageKey)
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
  const before = await findAsset(ctx.db, assetId)
  if (!before) throw assetNotFound()
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(before), 'publish')
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
      await saveAssetVersion(tx, ctx, before.id, { note: 'before replace' })
    })
  }

  for (let attempt = 0; attempt < 20; attempt += 1) {
    const siblings = await ctx.db
      .select({ key: assets.key })
      .from(assets)
      .where(and(eq(assets.parentId, before.parentId ?? -1), ne(assets.id, before.id)))
    const used = new Set(siblings.map((s) => s.key))
    const sameExtension = before.key.toLowerCase().endsWith(`.${prepared.extension}`)
    const key = sameExtension ? before.key : firstFreeKey(used, stem, prepared.extension)
    // A fresh storage key: older versions keep naming the old file, which stays in the store.
    const storageKey = await chooseKey(
      new Set(),
      `${stem}~v${before.versionCount + 1}`,
      prepared.extension,
      (k) => `${storageFolder}${k}`,
      store,
    ).then((k) => `${storageFolder}${k}`)
    await storePreparedFile(store, storageKey, prepared)
    let updated
    try {
      updated = await ctx.db.transaction(async (tx) => {
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
          .where(eq(assets.id, before.id))
          .returning()
        if (!row) throw assetNotFound()
        await saveAssetVersion(tx, ctx, row.id, options.note ? { note: options.note } : {})
        await auditAssetUpload(ctx, tx, {
          action: 'asset.replace',
          assetId: row.id,
          before: { key: before.key, mimeType: before.mimeType, checksum: before.checksum },
          after: { key: row.key, mimeType: row.mimeType, checksum: row.checksum },
        })
        return row
      })
    } catch (error) {
      await store.delete(storageKey)
      // The new key was taken by another upload meanwhile: choose again.
      if (isUniqueViolation(error)) continue
      throw error
    }
    await invalidateDerivativesAfterReplace(options, before.storageKey)
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
