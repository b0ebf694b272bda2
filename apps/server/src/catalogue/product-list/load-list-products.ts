import { asc, eq, inArray, sql } from 'drizzle-orm'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import type { ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import type { ProductKind } from '@optika/domain/catalogue/product-list-item'
import { PRODUCT_STATUSES, type ProductStatus } from '@optika/domain/catalogue/statuses'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { productIndex, productIndexVariants } from '../../platform/db/schema/pim.ts'
import { productUrl } from '../reads/catalogue-urls.ts'
import { presetSize } from '../reads/product-tiles.ts'
import { priceOf, type Pricing } from './list-prices.ts'

const KNOWN_STATUSES: ReadonlySet<string> = new Set(PRODUCT_STATUSES)

/** The rows list tiles are drawn from (`readListRows`). */
export interface ListRows {
  readonly rows: readonly {
    readonly id: number
    readonly name: string
    readonly kind: string
    readonly statuses: string[]
    readonly prices: unknown
    readonly slug: LocalizedText | null
  }[]
  readonly variantsOf: ReadonlyMap<number, readonly ListVariantRow[]>
}

export interface ListVariantRow {
  readonly id: number
  readonly productId: number
  readonly code: string
  readonly colorCss: string
  readonly colorName: Record<string, string>
  readonly storageKey: string | null
  readonly width: number | null
  readonly height: number | null
}

/**
 * The list tiles of `ids` (in any order; the caller orders them) from two queries run together:
 * the index rows (with the product's slug for its URL) and the variant rows (with their front
 * picture). Status badges and prices only for a signed-in viewer (`pricing` non-null).
 */
export async function loadListProducts(
  db: Db,
  locale: Locale,
  ids: readonly number[],
  pricing: Pricing | null,
): Promise<Map<number, ProductsListProduct>> {
  return listProductsOf(locale, await readListRows(db, locale, ids), pricing)
}

/** The index and variant rows of `ids`' tiles, read once for tiles priced several ways. */
export async function readListRows(
  db: Db,
  locale: Locale,
  ids: readonly number[],
): Promise<ListRows> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return { rows: [], variantsOf: new Map() }
  const [rows, variants] = await Promise.all([
    db
      .select({
        id: productIndex.productId,
        name: sql<string>`${productIndex.name}->>${locale}`,
        kind: productIndex.kind,
        statuses: productIndex.statuses,
        prices: productIndex.prices,
        slug: sql<LocalizedText | null>`${objects.data}->'slug'`,
      })
      .from(productIndex)
      .innerJoin(objects, eq(objects.id, productIndex.productId))
      .where(inArray(productIndex.productId, unique)),
    db
      .select({
        id: productIndexVariants.variantId,
        productId: productIndexVariants.productId,
        code: productIndexVariants.code,
        colorCss: productIndexVariants.colorCss,
        colorName: productIndexVariants.colorName,
        storageKey: assets.storageKey,
        width: assets.width,
        height: assets.height,
      })
      .from(productIndexVariants)
      .leftJoin(assets, sql`${assets.id} = ${productIndexVariants.imageIds}[1]`)
      .where(inArray(productIndexVariants.productId, unique))
      .orderBy(asc(productIndexVariants.productId), asc(productIndexVariants.position)),
  ])
  return listRowsOf(rows, variants)
}

/** Index rows and variant rows (in their order) as `ListRows`. */
export function listRowsOf(rows: ListRows['rows'], variants: readonly ListVariantRow[]): ListRows {
  const variantsOf = new Map<number, ListVariantRow[]>()
  for (const variant of variants) {
    const own = variantsOf.get(variant.productId)
    if (own) own.push(variant)
    else variantsOf.set(variant.productId, [variant])
  }
  return { rows, variantsOf }
}

/** The tiles of rows read by `readListRows`, priced for `pricing` (null: no prices, no badges). */
export function listProductsOf(
  locale: Locale,
  { rows, variantsOf }: ListRows,
  pricing: Pricing | null,
): Map<number, ProductsListProduct> {
  const products = new Map<number, ProductsListProduct>()
  for (const row of rows) {
    const own = variantsOf.get(row.id) ?? []
    const price = pricing ? priceOf(row.prices, pricing) : undefined
    products.set(row.id, {
      id: row.id,
      name: row.name,
      url: productUrl(locale, row.id, row.slug ?? undefined),
      type: row.kind as ProductKind,
      statuses: pricing
        ? row.statuses.filter((s): s is ProductStatus => KNOWN_STATUSES.has(s))
        : [],
      variants: own.map((v) => ({ id: v.id, code: v.code })),
      colors: own.map((v) => {
        const name = v.colorName[locale] ?? ''
        const image = v.storageKey
          ? { storageKey: v.storageKey, width: v.width ?? 0, height: v.height ?? 0 }
          : undefined
        const size = presetSize(image, 'thumbnail')
        return {
          variantId: v.id,
          color: { css: v.colorCss, name },
          name,
          image: image ? mediaUrl(image.storageKey, 'medium') : null,
          thumbnail: image ? mediaUrl(image.storageKey, 'thumbnail') : null,
          thumbnailWidth: size.width,
          thumbnailHeight: size.height,
        }
      }),
      ...(price ? { price } : {}),
    })
  }
  return products
}

/** The products of `ids` in that order (ids without a row, e.g. just unpublished, are left out). */
export function inOrder(
  products: ReadonlyMap<number, ProductsListProduct>,
  ids: readonly number[],
): ProductsListProduct[] {
  return ids.flatMap((id) => {
    const product = products.get(id)
    return product ? [product] : []
  })
}
