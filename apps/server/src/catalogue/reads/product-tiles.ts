import { and, asc, eq, inArray } from 'drizzle-orm'
import { IMAGE_PRESETS, mediaUrl } from '@optika/domain/catalogue/media-url'
import type { ProductData, VariantData } from '@optika/domain/catalogue/product-data'
import type { ProductListColor, ProductListItem } from '@optika/domain/catalogue/product-list-item'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { productUrl } from './catalogue-urls.ts'

/** Who looks at the catalogue; status badges (and later prices) show only when a user is present. */
export interface Audience {
  readonly loggedIn: boolean
}
export const ANONYMOUS: Audience = { loggedIn: false }

export interface ProductRecord {
  readonly id: number
  readonly data: ProductData
}

export interface VariantRecord {
  readonly id: number
  readonly productId: number
  readonly data: VariantData
}

/** A picture of a variant, with the size it is stored in. */
export interface StoredImage {
  readonly storageKey: string
  readonly width: number
  readonly height: number
}

/** Published colour variants of the given products, in their tree order. */
export async function loadVariants(
  db: Db,
  productIds: readonly number[],
): Promise<VariantRecord[]> {
  if (productIds.length === 0) return []
  const rows = await db
    .select({ id: objects.id, productId: objects.parentId, data: objects.data })
    .from(objects)
    .where(
      and(
        inArray(objects.parentId, [...productIds]),
        eq(objects.type, 'variant'),
        eq(objects.published, true),
      ),
    )
    .orderBy(asc(objects.parentId), asc(objects.index), asc(objects.id))
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId ?? 0,
    data: row.data as VariantData,
  }))
}

/** The stored pictures with the given asset ids, by id; ids without a file are left out. */
export async function loadImages(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, StoredImage>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({
      id: assets.id,
      storageKey: assets.storageKey,
      width: assets.width,
      height: assets.height,
    })
    .from(assets)
    .where(inArray(assets.id, unique))
  return storedImagesOf(rows)
}

/** Asset rows as stored pictures, by id; a row without a file is left out. */
export function storedImagesOf(
  rows: readonly {
    readonly id: number
    readonly storageKey: string | null
    readonly width: number | null
    readonly height: number | null
  }[],
): Map<number, StoredImage> {
  const images = new Map<number, StoredImage>()
  for (const { id, storageKey, width, height } of rows) {
    if (storageKey) images.set(id, { storageKey, width: width ?? 0, height: height ?? 0 })
  }
  return images
}

/** The size a picture is served in for a preset: scaled to the preset's width, never enlarged. */
export function presetSize(image: StoredImage | undefined, preset: keyof typeof IMAGE_PRESETS) {
  const target = IMAGE_PRESETS[preset].width
  if (!image || image.width <= 0 || image.height <= 0)
    return { width: target, height: Math.round(target * 0.75) }
  const width = Math.min(target, image.width)
  return { width, height: Math.round((image.height * width) / image.width) }
}

/** Product objects with the given ids, in the order of `ids` (the index decides the order). */
export async function loadProductsInOrder(
  db: Db,
  ids: readonly number[],
): Promise<ProductRecord[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(inArray(objects.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.id, row.data as ProductData]))
  return ids.flatMap((id) => {
    const data = byId.get(id)
    return data ? [{ id, data }] : []
  })
}

/** Turns product rows into list tiles in `locale`, keeping the rows' order. */
export async function buildProductTiles(
  db: Db,
  locale: Locale,
  products: readonly ProductRecord[],
  audience: Audience = ANONYMOUS,
): Promise<ProductListItem[]> {
  const variants = await loadVariants(
    db,
    products.map((p) => p.id),
  )
  const images = await loadImages(
    db,
    variants.flatMap((v) => v.data.imageIds?.slice(0, 1) ?? []),
  )
  const variantsOf = new Map<number, VariantRecord[]>()
  for (const variant of variants) {
    variantsOf.set(variant.productId, [...(variantsOf.get(variant.productId) ?? []), variant])
  }

  return products.map((product) => {
    const own = variantsOf.get(product.id) ?? []
    return {
      id: product.id,
      name: localize(product.data.name, locale),
      url: productUrl(locale, product.id, product.data.slug),
      type: product.data.kind,
      statuses: audience.loggedIn ? [...(product.data.statuses ?? [])] : [],
      variants: own.map((v) => ({ id: v.id, code: v.data.code })),
      colors: own.map((v): ProductListColor => {
        const front = images.get(v.data.imageIds?.[0] ?? -1)
        const size = presetSize(front, 'thumbnail')
        return {
          variantId: v.id,
          color: { css: v.data.colorCss, name: localize(v.data.colorName, locale) },
          name: localize(v.data.colorName, locale),
          image: front ? mediaUrl(front.storageKey, 'medium') : null,
          thumbnail: front ? mediaUrl(front.storageKey, 'thumbnail') : null,
          thumbnailWidth: size.width,
          thumbnailHeight: size.height,
        }
      }),
    }
  })
}
