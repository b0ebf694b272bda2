import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ImageEditorData, ImageEditorSave } from '@optika/domain/pim/asset-thumbnail-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditAssetChange } from '../assets/asset-audit.ts'
import { saveAssetVersion } from '../assets/asset-versions.ts'
import { fullPathOf, type AssetRow } from '../assets/read-asset-tree.ts'
import { applyImageEdits, EDITABLE_FORMATS, isEditable } from './apply-image-edits.ts'
import { invalidateAssetDerivatives } from './invalidate-asset-derivatives.ts'
import { loadAssetOfType, readOriginal, type ThumbnailDeps } from './load-asset-for-thumbnail.ts'
import { focalPointOf } from './render-thumbnail.ts'

function notEditable(): AppError {
  return new AppError(400, 'IMAGE_NOT_EDITABLE', 'assetThumbnails.notEditable')
}

function editorDataOf(row: AssetRow): ImageEditorData {
  return {
    id: row.id,
    key: row.key,
    fullPath: fullPathOf(row),
    mimeType: row.mimeType ?? '',
    width: row.width ?? 0,
    height: row.height ?? 0,
    imageUrl: `/admin/asset/get-image-thumbnail?id=${row.id}&config=editor`,
    focalPoint: focalPointOf(row.customSettings),
    versionCount: row.versionCount,
  }
}

/** GET /admin/asset/image-editor: what the editor needs about a picture the user may view. */
export async function getImageEditorData(ctx: AdminContext, id: number): Promise<ImageEditorData> {
  const row = await loadAssetOfType(ctx, id, 'image')
  if (!isEditable(row.mimeType)) throw notEditable()
  return editorDataOf(row)
}

/**
 * A storage key for the edited file next to the original ('frames/red.jpg' →
 * 'frames/red.e1a2b3c4.jpg'), free in the store: older versions keep naming the old file.
 */
async function editedStorageKey(
  deps: ThumbnailDeps,
  row: AssetRow,
  extension: string,
  checksum: string,
): Promise<string> {
  const stem = row.key.replace(/\.[^.]*$/, '') || 'image'
  for (let length = 8; length <= checksum.length; length += 4) {
    const key = `${row.path.slice(1)}${stem}.${checksum.slice(0, length)}.${extension}`
    if (!(await deps.store.exists(key))) return key
  }
  throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
}

/**
 * PUT /admin/asset/image-editor-save: applies crop, rotate, flip and resize steps to a picture
 * and saves the result as its new version: the new file is stored under a new key first, then the
 * row and the version are written in one transaction (or the new file is removed again); the
 * cached derivatives and the shop's sizes are forgotten afterwards. Needs the 'publish' right.
 */
export async function saveImageEdits(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  input: ImageEditorSave,
): Promise<ImageEditorData> {
  const before = await loadAssetOfType(ctx, input.id, 'image', 'publish')
  const mimeType = before.mimeType
  if (!isEditable(mimeType)) throw notEditable()
  const edited = await applyImageEdits(
    await readOriginal(deps.store, before),
    mimeType,
    input.operations,
  )
  const checksum = createHash('sha256').update(edited.data).digest('hex')
  const storageKey = await editedStorageKey(
    deps,
    before,
    EDITABLE_FORMATS[mimeType].extension,
    checksum,
  )
  // Before the first change, keep what the asset was (an asset from before versions had none).
  if (before.versionCount === 0) {
    await ctx.db.transaction(async (tx) => {
      await saveAssetVersion(tx, ctx, before.id, { note: 'before image editor' })
    })
  }
  await deps.store.put(storageKey, edited.data, mimeType)
  let after: AssetRow
  try {
    after = await ctx.db.transaction(async (tx) => {
      await tx
        .update(assets)
        .set({
          storageKey,
          size: edited.data.length,
          width: edited.width,
          height: edited.height,
          checksum,
          userModification: ctx.admin.userId,
          updatedAt: new Date(),
        })
        .where(eq(assets.id, before.id))
      await saveAssetVersion(tx, ctx, before.id, {
        note: input.note ?? ctx.t('assetThumbnails.editedVersionNote'),
      })
      await auditAssetChange(ctx, tx, {
        action: 'asset.imageEditorSave',
        assetId: before.id,
        before: { storageKey: before.storageKey, width: before.width, height: before.height },
        after: {
          storageKey,
          width: edited.width,
          height: edited.height,
          operations: input.operations,
        },
      })
      const [row] = await tx.select().from(assets).where(eq(assets.id, before.id))
      if (!row) throw new Error('The edited asset vanished inside its transaction')
      return row
    })
  } catch (error) {
    await deps.store.delete(storageKey)
    throw error
  }
  await invalidateAssetDerivatives(ctx.db, deps.store, deps.dataDir, before.id, {
    previousStorageKeys: before.storageKey ? [before.storageKey] : [],
  })
  return editorDataOf(after)
}
