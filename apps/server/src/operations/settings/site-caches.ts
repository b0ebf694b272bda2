import { lstat, readdir, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { count, inArray } from 'drizzle-orm'
import type {
  CacheId,
  CacheState,
  ClearCacheAnswer,
} from '@optika/domain/operations/system-settings'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import type { Db } from '../../platform/db/client.ts'
import { assetThumbnails } from '../../platform/db/schema/asset-thumbnails.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditSettingsChange } from './audit-settings-change.ts'

/** One cache the back office can measure and clear. */
export interface SiteCache {
  readonly id: CacheId
  measure(): Promise<Omit<CacheState, 'id'>>
  clear(): Promise<void>
}

/** The caches of the shop, in the order the back office lists them. */
export type SiteCaches = readonly SiteCache[]

/** Files (not folders) under `dir`, recursively, with their sizes; a missing folder has none. */
async function listFiles(dir: string): Promise<{ path: string; size: number; mtimeMs: number }[]> {
  const found: { path: string; size: number; mtimeMs: number }[] = []
  async function walk(current: string) {
    let names: string[]
    try {
      names = await readdir(current)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(current, name)
      const info = await lstat(path).catch(() => null)
      if (!info) continue
      if (info.isDirectory()) await walk(path)
      else if (info.isFile()) found.push({ path, size: info.size, mtimeMs: info.mtimeMs })
    }
  }
  await walk(dir)
  return found
}

/** A folder of local files as a cache: all of its files, or only those idle for `keepNewerThanMs`. */
export function folderCache(
  id: CacheId,
  dir: string,
  options: { readonly keepNewerThanMs?: number } = {},
): SiteCache {
  const keep = options.keepNewerThanMs ?? 0
  return {
    id,
    async measure() {
      const files = await listFiles(dir)
      return { entries: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) }
    },
    async clear() {
      const before = Date.now() - keep
      for (const file of await listFiles(dir)) {
        // An upload still being written is kept: it changed within `keep`.
        if (keep > 0 && file.mtimeMs > before) continue
        await rm(file.path, { force: true })
      }
      if (keep === 0) {
        for (const name of await readdir(dir).catch(() => [])) {
          const path = join(dir, name)
          if ((await stat(path).catch(() => null))?.isDirectory()) {
            await rm(path, { recursive: true, force: true })
          }
        }
      }
    },
  }
}

/**
 * Every derivative in the asset store (thumbnails, video frames and previews, document pages),
 * found through `asset_thumbnails`; each is rendered again on its next use. The store cannot
 * tell sizes on every backend, so only entries are counted.
 */
export function thumbnailCache(db: Db, store: AssetStore): SiteCache {
  return {
    id: 'thumbnails',
    async measure() {
      const [row] = await db.select({ n: count() }).from(assetThumbnails)
      return { entries: Number(row?.n ?? 0), bytes: null }
    },
    async clear() {
      for (;;) {
        const batch = await db
          .select({ storageKey: assetThumbnails.storageKey })
          .from(assetThumbnails)
          .limit(500)
        if (batch.length === 0) return
        const deleted: string[] = []
        for (const { storageKey } of batch) {
          try {
            await store.delete(storageKey)
            deleted.push(storageKey)
          } catch {
            // Left recorded: the next clear tries again.
          }
        }
        if (deleted.length === 0) return
        await db.delete(assetThumbnails).where(inArray(assetThumbnails.storageKey, deleted))
      }
    },
  }
}

/** The shop's picture sizes (`/media/…`, DATA_DIR/cache) and temporary files (DATA_DIR/tmp). */
export function dataDirCaches(dataDir: string): SiteCache[] {
  return [
    folderCache('pictures', resolve(dataDir, 'cache')),
    // Uploads in progress (tus, multipart) live here: files touched in the last 10 minutes stay.
    folderCache('temporaryFiles', resolve(dataDir, 'tmp'), { keepNewerThanMs: 10 * 60_000 }),
  ]
}

/** Each cache's entries and bytes now. */
export async function measureCaches(caches: SiteCaches): Promise<CacheState[]> {
  return Promise.all(caches.map(async (cache) => ({ id: cache.id, ...(await cache.measure()) })))
}

/** Clears the named caches (audited with their sizes before and after). */
export async function clearCaches(
  ctx: AdminContext,
  caches: SiteCaches,
  ids: readonly CacheId[],
): Promise<ClearCacheAnswer> {
  const cleared: ClearCacheAnswer['cleared'] = []
  for (const cache of caches) {
    if (!ids.includes(cache.id)) continue
    const before = { id: cache.id, ...(await cache.measure()) }
    await cache.clear()
    const after = { id: cache.id, ...(await cache.measure()) }
    cleared.push({ id: cache.id, before, after })
  }
  await auditSettingsChange(ctx.db, ctx, {
    action: 'cache.clear',
    entityType: 'cache',
    entityId: ids.join(','),
    before: cleared.map(({ before }) => before),
    after: cleared.map(({ after }) => after),
  })
  return { success: true, cleared }
}
