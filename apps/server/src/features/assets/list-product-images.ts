import { and, asc, eq, inArray } from 'drizzle-orm'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { localize } from '@optika/domain/i18n/localized-text'
import type { ProductImage } from '@optika/domain/pim/asset-api'
import type { RequestContext } from '../../http/request-context.ts'
import { assets, objects } from '../../db/schema/elements.ts'
import { AppError } from '../../http/app-error.ts'
import { isPublishedProduct } from '../catalogue/published-product.ts'

/** The `imageIds` of an object's data (product or variant), ignoring anything malformed. */
function imageIdsOf(data: unknown): number[] {
  if (typeof data !== 'object' || data === null) return []
  const ids = (data as { imageIds?: unknown }).imageIds
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []
}

/**
 * A published product's pictures for the shop: the product's own, then each published variant's
 * in tree order, each picture once; 404 for a product that is unknown or not published.
 */
export async function listProductImages(ctx: RequestContext, id: number): Promise<ProductImage[]> {
  const [product] = await ctx.db
    .select({ data: objects.data })
    .from(objects)
    .where(and(eq(objects.id, id), isPublishedProduct()))
  if (!product) throw new AppError(404, 'PRODUCT_NOT_FOUND', 'pimAssets.productNotFound')
  const variants = await ctx.db
    .select({ data: objects.data })
    .from(objects)
    .where(and(eq(objects.parentId, id), eq(objects.type, 'variant'), eq(objects.published, true)))
    .orderBy(asc(objects.index), asc(objects.id))
  const ordered = [
    ...new Set([imageIdsOf(product.data), ...variants.map((v) => imageIdsOf(v.data))].flat()),
  ]
  if (ordered.length === 0) return []
  const rows = await ctx.db
    .select({
      id: assets.id,
      storageKey: assets.storageKey,
      width: assets.width,
      height: assets.height,
    })
    .from(assets)
    .where(and(inArray(assets.id, ordered), eq(assets.type, 'image')))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const alt = localize((product.data as { name?: LocalizedText }).name, ctx.locale)
  return ordered.flatMap((assetId) => {
    const image = byId.get(assetId)
    if (!image?.storageKey) return []
    const storageKey = image.storageKey
    return [
      {
        id: assetId,
        alt,
        width: image.width ?? 0,
        height: image.height ?? 0,
        thumbnail: mediaUrl(storageKey, 'thumbnail'),
        medium: mediaUrl(storageKey, 'medium'),
        large: mediaUrl(storageKey, 'large'),
      },
    ]
  })
}
