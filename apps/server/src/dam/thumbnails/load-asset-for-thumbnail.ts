import type { Readable } from 'node:stream'
import type { WorkspaceRight } from '@optika/domain/admin/permissions'
import type { ASSET_TYPES } from '@optika/domain/pim/asset-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { readStream, type AssetStore } from '../assets/asset-store.ts'
import { assetNotFound, findAsset, fullPathOf, type AssetRow } from '../assets/read-asset-tree.ts'

/** What the thumbnail services need besides the request's context. */
export interface ThumbnailDeps {
  readonly store: AssetStore
  /** DATA_DIR: the shop's picture cache lives under it. */
  readonly dataDir: string
  /** FFMPEG_PATH, when set. */
  readonly ffmpegPath: string | undefined
}

/** A derivative ready to send: bytes, type and an entity tag naming its source and recipe. */
export interface Derivative {
  readonly body: Buffer
  readonly contentType: string
  readonly etag: string
}

type AssetType = (typeof ASSET_TYPES)[number]

const WRONG_TYPE_KEYS = {
  image: 'assetThumbnails.notAnImage',
  video: 'assetThumbnails.notAVideo',
  document: 'assetThumbnails.notAPdf',
  folder: 'pimAssets.notAFolder',
  other: 'assetThumbnails.noPreview',
} as const satisfies Record<AssetType, string>

/**
 * The asset `id` of the given type, checked for the user's `right` on its path; 404 when it does
 * not exist, 403 without the right, a translated 400 when it is of another type.
 */
export async function loadAssetOfType(
  ctx: AdminContext,
  id: number,
  type: AssetType,
  right: WorkspaceRight = 'view',
): Promise<AssetRow> {
  const row = await findAsset(ctx.db, id)
  if (!row) throw assetNotFound()
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(row), right)
  if (row.type !== type) {
    throw new AppError(400, 'WRONG_ASSET_TYPE', WRONG_TYPE_KEYS[type])
  }
  if (type === 'document' && row.mimeType !== 'application/pdf') {
    throw new AppError(400, 'WRONG_ASSET_TYPE', WRONG_TYPE_KEYS.document)
  }
  return row
}

/** The asset's file from the store as a stream; a row whose file is gone is a translated 404. */
export async function openOriginal(store: AssetStore, row: AssetRow): Promise<Readable> {
  const stream = row.storageKey ? await store.get(row.storageKey) : null
  if (!stream) throw new AppError(404, 'ASSET_FILE_MISSING', 'assetThumbnails.fileMissing')
  return stream
}

/** The asset's whole file (pictures and PDFs, bounded by ASSET_MAX_BYTES). */
export async function readOriginal(store: AssetStore, row: AssetRow): Promise<Buffer> {
  return readStream(await openOriginal(store, row))
}
