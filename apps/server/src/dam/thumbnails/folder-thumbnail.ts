import { createHash } from 'node:crypto'
import { and, asc, eq, like } from 'drizzle-orm'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { childPathOf, fullPathOf } from '../assets/read-asset-tree.ts'
import { cachedDerivative, derivativeKey, derivativeStamp } from './derivative-cache.ts'
import { imageThumbnailOf } from './image-thumbnail.ts'
import { loadAssetOfType, type Derivative, type ThumbnailDeps } from './load-asset-for-thumbnail.ts'

/** Side of the collage and of each of its four tiles. */
const COLLAGE_SIDE = 256
const TILE_SIDE = COLLAGE_SIDE / 2
/** Pictures read to find four the user may view (workspaces may hide some). */
const CANDIDATES = 200

function folderHasNoImages(): AppError {
  return new AppError(404, 'FOLDER_HAS_NO_IMAGES', 'assetThumbnails.folderHasNoImages')
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * GET /admin/asset/get-folder-thumbnail: a 2 × 2 collage of the first pictures in the folder and
 * its subfolders the user may view (by path, then name), cached until one of them changes; a
 * folder without pictures is a translated 404.
 */
export async function getFolderThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  id: number,
): Promise<Derivative> {
  const folder = await loadAssetOfType(ctx, id, 'folder')
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const candidates = await ctx.db
    .select()
    .from(assets)
    .where(and(eq(assets.type, 'image'), like(assets.path, `${escapeLike(childPathOf(folder))}%`)))
    .orderBy(asc(assets.path), asc(assets.key), asc(assets.id))
    .limit(CANDIDATES)
  const pictures = candidates
    .filter((row) => rights.may('asset', fullPathOf(row), 'view'))
    .slice(0, 4)
  if (pictures.length === 0) throw folderHasNoImages()
  const stamp = createHash('sha256')
    .update(pictures.map((row) => `${row.id}:${derivativeStamp(row)}`).join('|'))
    .digest('hex')
    .slice(0, 16)
  const key = derivativeKey(folder.id, stamp, 'folder.webp')
  const body = await cachedDerivative(
    ctx.db,
    deps.store,
    folder.id,
    key,
    'image/webp',
    async () => {
      const sharp = await loadSharp()
      // A picture that cannot be rendered leaves its tile empty rather than failing the collage.
      const rendered = await Promise.all(
        pictures.map(async (row) => {
          try {
            const { body: grid } = await imageThumbnailOf(ctx, deps, row, 'grid')
            return await sharp(grid).resize(TILE_SIDE, TILE_SIDE, { fit: 'cover' }).toBuffer()
          } catch {
            return null
          }
        }),
      )
      const tiles = rendered.flatMap((input, index) =>
        input
          ? [{ input, left: (index % 2) * TILE_SIDE, top: Math.floor(index / 2) * TILE_SIDE }]
          : [],
      )
      if (tiles.length === 0) throw folderHasNoImages()
      return sharp({
        create: {
          width: COLLAGE_SIDE,
          height: COLLAGE_SIDE,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .composite(tiles)
        .webp({ quality: 75 })
        .toBuffer()
    },
  )
  return { body, contentType: 'image/webp', etag: `"${stamp}-folder"` }
}
