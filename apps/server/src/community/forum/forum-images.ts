import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { FORUM_IMAGE_BYTES_MAX, FORUM_IMAGES_MAX } from '@optika/domain/community/forum-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { prepareAssetFile, type PreparedAssetFile } from '../../dam/upload/prepare-asset-file.ts'
import { storePreparedFile } from '../../dam/upload/store-prepared-file.ts'
import { fieldError } from './forum-errors.ts'

/** A picture as the form sent it: the name the client gave and the bytes. */
export interface ForumUpload {
  readonly filename: string
  readonly bytes: Buffer
}

/** The picture kinds a post may carry (no SVG, no animation-only formats beyond GIF). */
const FORUM_IMAGE_KINDS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif'])

/**
 * Checks a post's pictures before anything is written, through the DAM's own checks
 * (prepareAssetFile: the bytes decide the type, polyglots and ZIP tails are refused, pixels
 * are counted from the header, pictures are re-encoded without metadata). Any refusal is a
 * translated 4xx for the whole post.
 */
export async function prepareForumImages(
  uploads: readonly ForumUpload[],
): Promise<PreparedAssetFile[]> {
  // A form's empty file input sends a nameless empty part: that is no picture.
  const files = uploads.filter((upload) => upload.filename !== '' || upload.bytes.length > 0)
  if (files.length > FORUM_IMAGES_MAX) {
    throw fieldError('images', 'forum.validation.tooManyImages')
  }
  for (const file of files) {
    if (file.bytes.length > FORUM_IMAGE_BYTES_MAX) {
      throw new AppError(413, 'FILE_TOO_LARGE', 'forum.imageTooLarge', {
        value: FORUM_IMAGE_BYTES_MAX / (1024 * 1024),
      })
    }
  }
  if (files.length === 0) return []
  const dir = await mkdtemp(join(tmpdir(), 'optika-forum-'))
  try {
    const prepared: PreparedAssetFile[] = []
    for (const [index, file] of files.entries()) {
      const path = join(dir, String(index))
      await writeFile(path, file.bytes)
      prepared.push(await prepareOne(path, file.filename))
    }
    return prepared
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function prepareOne(path: string, filename: string): Promise<PreparedAssetFile> {
  let checked: PreparedAssetFile
  try {
    checked = await prepareAssetFile(path, filename || 'image', {
      maxBytes: FORUM_IMAGE_BYTES_MAX,
    })
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      throw new AppError(
        error.statusCode,
        error.code,
        error.statusCode === 413 ? 'forum.imageTooLarge' : 'forum.imageType',
        { value: FORUM_IMAGE_BYTES_MAX / (1024 * 1024) },
      )
    }
    throw error
  }
  if (checked.family !== 'image' || !FORUM_IMAGE_KINDS.has(checked.kind)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'forum.imageType', {
      value: FORUM_IMAGE_BYTES_MAX / (1024 * 1024),
    })
  }
  return checked
}

/** A folder under `parent`, reused when it exists (another request may create it meanwhile). */
async function assetFolder(
  tx: Db,
  parent: { id: number; path: string; key: string; parentId: number | null },
  key: string,
) {
  const path = parent.parentId === null ? '/' : `${parent.path}${parent.key}/`.replace(/\/+/g, '/')
  await tx
    .insert(assets)
    .values({ parentId: parent.id, type: 'folder', key, path })
    .onConflictDoNothing()
  const [folder] = await tx
    .select({ id: assets.id, path: assets.path, key: assets.key, parentId: assets.parentId })
    .from(assets)
    .where(and(eq(assets.parentId, parent.id), eq(assets.key, key)))
  if (!folder) throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
  return folder
}

/**
 * Stores a post's checked pictures as assets in `/forum/<threadId>/` (in the caller's
 * transaction) and returns their ids in order. Written files are listed in `written` so the
 * caller removes them if the transaction fails.
 */
export async function storeForumImages(
  tx: Db,
  store: AssetStore,
  threadId: number,
  images: readonly PreparedAssetFile[],
  written: string[],
): Promise<number[]> {
  if (images.length === 0) return []
  const [root] = await tx
    .select({ id: assets.id, path: assets.path, key: assets.key, parentId: assets.parentId })
    .from(assets)
    .where(isNull(assets.parentId))
    .limit(1)
  if (!root) throw new Error('The asset tree has no root folder.')
  const forum = await assetFolder(tx, root, 'forum')
  const folder = await assetFolder(tx, forum, String(threadId))
  const path = `${folder.path}${folder.key}/`
  const ids: number[] = []
  for (const image of images) {
    const key = `${randomUUID()}.${image.extension}`
    const storageKey = `${path.slice(1)}${key}`
    const [row] = await tx
      .insert(assets)
      .values({
        parentId: folder.id,
        type: image.assetType,
        key,
        path,
        mimeType: image.mimeType,
        size: image.size,
        width: image.width,
        height: image.height,
        storageKey,
        checksum: image.checksum,
      })
      .returning({ id: assets.id })
    written.push(storageKey)
    await storePreparedFile(store, storageKey, image)
    ids.push(row!.id)
  }
  return ids
}
