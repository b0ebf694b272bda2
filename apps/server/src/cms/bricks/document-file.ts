import { and, eq, exists, ne } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readStream, type AssetStore } from '../../dam/assets/asset-store.ts'

/**
 * The public address of an asset file a published document shows or links to (a video, a PDF):
 * pictures have the shop's sized URLs instead (`/media/…`).
 */
export function documentFileUrl(assetId: number): string {
  return `/api/document-file/${assetId}`
}

/** Files larger than this are not served whole from memory (the shop's own clips are short). */
export const MAX_DOCUMENT_FILE_BYTES = 200 * 1024 * 1024

/** Types a browser may show in the page; anything else is a download (no HTML, no SVG inline). */
const INLINE_TYPES =
  /^(video\/(mp4|webm|ogg)|audio\/(mpeg|ogg|wav|webm)|application\/pdf|image\/(png|jpeg|webp|gif|avif))$/

export interface DocumentFile {
  readonly body: Buffer
  readonly contentType: string
  /** Shown in the page (video, PDF); false = a download under `fileName`. */
  readonly inline: boolean
  readonly fileName: string
  readonly etag: string
}

/**
 * An asset's file for the storefront, only while a published document uses it (its
 * dependencies, written by every document save): the asset library itself stays private.
 */
export async function loadDocumentFile(
  db: Db,
  store: AssetStore,
  assetId: number,
): Promise<DocumentFile> {
  const [row] = await db
    .select({
      key: assets.key,
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
        ne(assets.type, 'folder'),
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
  if (!row?.storageKey || (row.size ?? 0) > MAX_DOCUMENT_FILE_BYTES) throw fileNotFound()
  const stream = await store.get(row.storageKey)
  if (!stream) throw fileNotFound()
  const mimeType = (row.mimeType ?? '').toLowerCase()
  const inline = INLINE_TYPES.test(mimeType)
  return {
    body: await readStream(stream),
    contentType: inline ? mimeType : 'application/octet-stream',
    inline,
    fileName: row.key,
    etag: `"${row.checksum ?? row.updatedAt.getTime().toString(36)}"`,
  }
}

export function fileNotFound(): AppError {
  return new AppError(404, 'FILE_NOT_FOUND', 'cmsBricks.fileNotFound')
}
