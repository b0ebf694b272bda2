import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { assetThumbnails } from '../../platform/db/schema/asset-thumbnails.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { purgeMediaCache } from '../media/media.routes.ts'

export interface InvalidateOptions {
  /**
   * Storage keys the asset's file had before (a replace that changed the extension): the shop's
   * cached sizes of those go too. The asset's current storage key is always included.
   */
  readonly previousStorageKeys?: readonly string[]
}

/**
 * Forgets everything derived from an asset's file: its thumbnails, video frames and previews and
 * document pages in the asset store, and the shop's cached picture sizes (`/media/…`). Call it
 * after the new file is stored and its row committed (replace, image editor, delete). A key the
 * store fails to delete stays recorded, so the next call tries again; nothing here throws for it.
 */
export async function invalidateAssetDerivatives(
  db: Db,
  store: AssetStore,
  dataDir: string,
  assetId: number,
  options: InvalidateOptions = {},
): Promise<{ deleted: number }> {
  const recorded = await db
    .select({ storageKey: assetThumbnails.storageKey })
    .from(assetThumbnails)
    .where(eq(assetThumbnails.assetId, assetId))
  const deleted: string[] = []
  for (const { storageKey } of recorded) {
    try {
      await store.delete(storageKey)
      deleted.push(storageKey)
    } catch {
      // Stamped keys mean a stale derivative is never served; this one is only garbage now.
    }
  }
  if (deleted.length > 0) {
    await db.delete(assetThumbnails).where(inArray(assetThumbnails.storageKey, deleted))
  }
  const [row] = await db
    .select({ storageKey: assets.storageKey })
    .from(assets)
    .where(eq(assets.id, assetId))
  const originals = new Set(options.previousStorageKeys ?? [])
  if (row?.storageKey) originals.add(row.storageKey)
  for (const key of originals) await purgeMediaCache(dataDir, key)
  return { deleted: deleted.length }
}
