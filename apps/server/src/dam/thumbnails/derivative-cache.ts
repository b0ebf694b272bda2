import { createHash } from 'node:crypto'
import type { Db } from '../../platform/db/client.ts'
import { assetThumbnails } from '../../platform/db/schema/asset-thumbnails.ts'
import { readStream, type AssetStore } from '../assets/asset-store.ts'
import type { AssetRow } from '../assets/read-asset-tree.ts'

/**
 * Every derivative lives in the asset store under this first segment, one folder per asset:
 * `.thumbnails/{assetId}/{stamp}-{name}`. The media route refuses it (decision 028).
 */
export const DERIVATIVE_PREFIX = '.thumbnails'

/** Whether a storage key is a derivative's (the shop's media route never serves those). */
export function isDerivativeKey(key: string): boolean {
  return key.startsWith(`${DERIVATIVE_PREFIX}/`)
}

/**
 * What a derivative depends on, hashed: the file (key, checksum, size, last change) and the focal
 * point. A replaced or edited asset gets new keys, so a stale derivative is never served even
 * before the old ones are deleted.
 */
export function derivativeStamp(
  row: Pick<AssetRow, 'storageKey' | 'checksum' | 'size' | 'updatedAt' | 'customSettings'>,
): string {
  const focalPoint = (row.customSettings as { focalPoint?: unknown } | null)?.focalPoint ?? null
  return createHash('sha256')
    .update(
      JSON.stringify([
        row.storageKey,
        row.checksum,
        row.size,
        row.updatedAt.toISOString(),
        focalPoint,
      ]),
    )
    .digest('hex')
    .slice(0, 16)
}

/** The storage key of one derivative; `name` is made of safe characters by its callers. */
export function derivativeKey(assetId: number, stamp: string, name: string): string {
  return `${DERIVATIVE_PREFIX}/${assetId}/${stamp}-${name}`
}

/**
 * The derivative under `key`, rendered by `render` and stored (and recorded) on first use.
 * Two requests racing render twice and store the same bytes: harmless.
 */
export async function cachedDerivative(
  db: Db,
  store: AssetStore,
  assetId: number,
  key: string,
  contentType: string,
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  const existing = await store.get(key)
  if (existing) return readStream(existing)
  const body = await render()
  await db.insert(assetThumbnails).values({ storageKey: key, assetId }).onConflictDoNothing()
  await store.put(key, body, contentType)
  return body
}
