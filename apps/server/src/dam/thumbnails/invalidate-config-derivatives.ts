import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { assetThumbnails } from '../../platform/db/schema/asset-thumbnails.ts'
import type { AssetStore } from '../assets/asset-store.ts'

/**
 * What a configuration's derivatives are called after the stamp (see the renderers):
 * `image-{name}.ext`, `image-{name}@2x.ext`, `document-{name}-p{page}.ext`,
 * `video-{name}-{time}.ext` for image configurations; `preview.{mp4|webm}` for the video one
 * the player uses. Names are `[a-z0-9-]`, safe inside a regular expression.
 */
function derivativePattern(kind: 'image' | 'video', name: string): string {
  if (kind === 'video')
    return `/[0-9a-f]{16}-${name === 'preview' ? 'preview' : `video-${name}`}\\.(mp4|webm)$`
  return `/[0-9a-f]{16}-(image-${name}(@2x)?|document-${name}-p[0-9]+|video-${name}-(default|[0-9]+))\\.[a-z]+$`
}

/**
 * Forgets every cached derivative rendered with the configuration `name` (after it changed or was
 * deleted): the files in the asset store and their `asset_thumbnails` rows. A key the store fails
 * to delete keeps its row for the next call; the entity tags carry the configuration's version,
 * so browsers revalidate either way.
 */
export async function invalidateConfigDerivatives(
  db: Db,
  store: AssetStore,
  kind: 'image' | 'video',
  name: string,
): Promise<{ deleted: number }> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return { deleted: 0 }
  const recorded = await db
    .select({ storageKey: assetThumbnails.storageKey })
    .from(assetThumbnails)
    .where(sql`${assetThumbnails.storageKey} ~ ${derivativePattern(kind, name)}`)
  const deleted: string[] = []
  for (const { storageKey } of recorded) {
    try {
      await store.delete(storageKey)
      deleted.push(storageKey)
    } catch {
      // Left recorded: the next change of this configuration, or the asset's, tries again.
    }
  }
  if (deleted.length > 0) {
    await db.delete(assetThumbnails).where(inArray(assetThumbnails.storageKey, deleted))
  }
  return { deleted: deleted.length }
}
