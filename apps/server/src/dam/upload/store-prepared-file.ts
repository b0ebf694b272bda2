import type { AssetStore } from '../assets/asset-store.ts'
import type { PreparedAssetFile } from './prepare-asset-file.ts'

/** Writes a prepared file under a storage key: from memory or streamed from disk. */
export async function storePreparedFile(
  store: AssetStore,
  storageKey: string,
  prepared: PreparedAssetFile,
): Promise<void> {
  if ('buffer' in prepared.body) {
    await store.put(storageKey, prepared.body.buffer, prepared.mimeType)
  } else {
    await store.putFile(storageKey, prepared.body.file, prepared.mimeType)
  }
}
