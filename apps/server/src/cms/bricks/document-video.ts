import { and, eq, exists } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readStream, type AssetStore } from '../../dam/assets/asset-store.ts'

/** The public address of a video a published document shows (the video brick, video editables). */
export function documentVideoUrl(assetId: number): string {
  return `/api/document-video/${assetId}`
}

/** Videos larger than this are not served whole from memory (the shop's own clips are short). */
export const MAX_DOCUMENT_VIDEO_BYTES = 200 * 1024 * 1024

export interface DocumentVideo {
  readonly body: Buffer
  readonly contentType: string
  readonly etag: string
}

/**
 * A video asset's file for the storefront, only while a published document uses it (its
 * dependencies, written by every document save): the asset library itself stays private.
 */
export async function loadDocumentVideo(
  db: Db,
  store: AssetStore,
  assetId: number,
): Promise<DocumentVideo> {
  const [row] = await db
    .select({
      storageKey: assets.storageKey,
      mimeType: assets.mimeType,
      size: assets.size,
      checksum: assets.checksum,
      updatedAt: assets.updatedAt,
    })
    .from(assets)
    .where(
      and(
        eq(assets.id, assetId),
        eq(assets.type, 'video'),
        exists(
          db
            .select({ id: documents.id })
            .from(elementDependencies)
            .innerJoin(
              documents,
              and(
                eq(elementDependencies.sourceType, 'document'),
                eq(documents.id, elementDependencies.sourceId),
              ),
            )
            .where(
              and(
                eq(elementDependencies.targetType, 'asset'),
                eq(elementDependencies.targetId, assetId),
                eq(documents.published, true),
              ),
            ),
        ),
      ),
    )
  if (!row?.storageKey || (row.size ?? 0) > MAX_DOCUMENT_VIDEO_BYTES) throw videoNotFound()
  const stream = await store.get(row.storageKey)
  if (!stream) throw videoNotFound()
  return {
    body: await readStream(stream),
    contentType: row.mimeType?.startsWith('video/') ? row.mimeType : 'video/mp4',
    etag: `"${row.checksum ?? row.updatedAt.getTime().toString(36)}"`,
  }
}

export function videoNotFound(): AppError {
  return new AppError(404, 'VIDEO_NOT_FOUND', 'cmsBricks.videoNotFound')
}
