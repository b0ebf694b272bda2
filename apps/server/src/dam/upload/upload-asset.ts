import { and, eq } from 'drizzle-orm'
import type { AssetNode } from '@optika/domain/pim/asset-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { saveAssetVersion } from '../assets/asset-versions.ts'
import {
  assetNodeFor,
  childPathOf,
  keysInFolder,
  loadTargetFolder,
  type AssetRow,
} from '../assets/read-asset-tree.ts'
import { chooseKey, folderNamesOf, sanitizeAssetName } from './asset-names.ts'
import { auditAssetChange } from '../assets/asset-audit.ts'
import { prepareAssetFile, type UploadLimits } from './prepare-asset-file.ts'
import { storePreparedFile } from './store-prepared-file.ts'

/** An upload received on local disk (a temporary file the caller removes afterwards). */
export interface ReceivedFile {
  /** The name the client gave; only its sanitized stem is kept. */
  readonly filename: string
  /** Path of the received bytes on local disk. */
  readonly file: string
}

export interface UploadTarget {
  readonly folderId: number
  /** A relative folder path to create (or reuse) under the folder first. */
  readonly dir?: string | undefined
}

/**
 * The folder an upload goes into: `folderId`, then each folder of `dir` under it, reused when
 * it exists and created otherwise (each needs the 'create' right on its parent).
 */
async function resolveUploadFolder(ctx: AdminContext, target: UploadTarget): Promise<AssetRow> {
  const names = folderNamesOf(target.dir)
  let folder = await loadTargetFolder(ctx, target.folderId)
  for (const name of names) {
    const [existing] = await ctx.db
      .select()
      .from(assets)
      .where(and(eq(assets.parentId, folder.id), eq(assets.key, name)))
    if (existing && existing.type !== 'folder') {
      throw new AppError(409, 'ASSET_KEY_TAKEN', 'assetUpload.dirIsFile', { name })
    }
    let next = existing
    if (!next) {
      const [created] = await ctx.db
        .insert(assets)
        .values({
          parentId: folder.id,
          type: 'folder',
          key: name,
          path: childPathOf(folder),
          userOwner: ctx.admin.userId,
          userModification: ctx.admin.userId,
        })
        .onConflictDoNothing()
        .returning()
      if (created) {
        await auditAssetChange(ctx, ctx.db, {
          action: 'asset.folder.create',
          assetId: created.id,
          after: { fullPath: `${created.path}${created.key}` },
        })
      }
      // Another upload may have created it in the meantime: use theirs.
      ;[next] = created
        ? [created]
        : await ctx.db
            .select()
            .from(assets)
            .where(and(eq(assets.parentId, folder.id), eq(assets.key, name)))
    }
    if (!next) throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
    folder = await loadTargetFolder(ctx, next.id)
  }
  return folder
}

/**
 * Stores an uploaded file as a new asset in a folder: checked first (prepareAssetFile), then
 * written to the store under a key unique in the folder, and only then given its row, first
 * version and audit entry in one transaction. A refused file leaves no row and no file.
 */
export async function uploadAsset(
  ctx: AdminContext,
  store: AssetStore,
  target: UploadTarget,
  received: ReceivedFile,
  limits: UploadLimits,
): Promise<AssetNode> {
  // Check the target before reading the file, so a wrong folder answers first.
  await loadTargetFolder(ctx, target.folderId)
  const prepared = await prepareAssetFile(received.file, received.filename, limits)
  const folder = await resolveUploadFolder(ctx, target)
  const path = childPathOf(folder)
  const storageKeyOf = (key: string) => `${path.slice(1)}${key}`
  const stem = sanitizeAssetName(
    received.filename,
    prepared.assetType === 'image' ? 'image' : 'file',
  )

  // Another upload may take the chosen key between the read and the insert: then try the next.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const used = await keysInFolder(ctx.db, folder.id)
    const key = await chooseKey(used, stem, prepared.extension, storageKeyOf, store)
    const storageKey = storageKeyOf(key)
    let written = false
    try {
      // The row reserves the key (the unique index holds off a racing upload until commit), so
      // the file is written only under a key that is ours.
      const row = await ctx.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(assets)
          .values({
            parentId: folder.id,
            type: prepared.assetType,
            key,
            path,
            mimeType: prepared.mimeType,
            size: prepared.size,
            width: prepared.width,
            height: prepared.height,
            storageKey,
            checksum: prepared.checksum,
            embeddedMetadata: prepared.embeddedMetadata,
            userOwner: ctx.admin.userId,
            userModification: ctx.admin.userId,
          })
          .onConflictDoNothing()
          .returning()
        if (!inserted) return undefined
        written = true
        await storePreparedFile(store, storageKey, prepared)
        await saveAssetVersion(tx, ctx, inserted.id)
        await auditAssetChange(ctx, tx, {
          action: 'asset.create',
          assetId: inserted.id,
          after: {
            fullPath: `${inserted.path}${inserted.key}`,
            mimeType: inserted.mimeType,
            size: inserted.size,
            checksum: inserted.checksum,
          },
        })
        return inserted
      })
      if (row) return assetNodeFor(ctx, row, false)
    } catch (error) {
      if (written) await store.delete(storageKey)
      throw error
    }
  }
  throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
}
