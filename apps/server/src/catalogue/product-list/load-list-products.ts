import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import type { ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import type { ProductKind } from '@optika/domain/catalogue/product-list-item'
import { PRODUCT_STATUSES, type ProductStatus } from '@optika/domain/catalogue/statuses'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productUrl } from '../reads/catalogue-urls.ts'
import { presetSize } from '../reads/product-tiles.ts'
import { priceOf, type Pricing } from './list-prices.ts'

const KNOWN_STATUSES: ReadonlySet<string> = new Set(PRODUCT_STATUSES)

/** A product's tile row (`readListRows`): its index row and its variants in their order. */
export interface TileRow {
  readonly id: number
  readonly name: string
  readonly kind: string
  readonly statuses: string[]
  readonly prices: unknown
  readonly slug: LocalizedText | null
  readonly variants: readonly TileVariantRow[]
}

interface TileVariantRow {
  readonly id: number
  readonly code: string
  readonly colorCss: string
  readonly colorName: Record<string, string>
  readonly storageKey: string | null
  readonly width: number | null
  readonly height: number | null
}

/** The rows list tiles are drawn from, in any order. */
export type ListRows = readonly TileRow[]

/**
 * The list tiles of `ids` (in any order; the caller orders them): the index rows with the
 * product's slug for its URL and the variants with their front picture. Status badges and prices
 * only for a signed-in viewer (`pricing` non-null).
 */
export async function loadListProducts(
  db: Db,
  locale: Locale,
  ids: readonly number[],
  pricing: Pricing | null,
): Promise<Map<number, ProductsListProduct>> {
  return listProductsOf(locale, await readListRows(db, locale, ids), pricing)
}

/** The tile rows of `ids`, in one statement, read once for tiles priced several ways. */
export async function readListRows(
  db: Db,
  locale: Locale,
  ids: readonly number[],
): Promise<ListRows> {
  const wanted = [...new Set(ids)].filter(Number.isSafeInteger)
  if (wanted.length === 0) return []
  const { rows } = await db.execute<{ tiles: ListRows }>(
    sql`select ${tileRowsJson(locale, sql`select unnest(${`{${wanted.join(',')}}`}::bigint[])`)} as tiles`,
  )
  return rows[0]?.tiles ?? []
}

/**
 * An expression for the tile rows of the products the statement `ids` gives the ids of, as one
 * JSON array (`ListRows`): for `readListRows` and for a product page's own statement.
 */
export function tileRowsJson(locale: Locale | Placeholder, ids: SQL): SQL {
  return sql`coalesce((
    select json_agg(json_build_object(
             'id', p.product_id, 'name', p.name->>${locale}, 'kind', p.kind,
             'statuses', p.statuses, 'prices', p.prices, 'slug', o.data->'slug',
             'variants', coalesce((
               select json_agg(json_build_object(
                        'id', v.variant_id, 'code', v.code, 'colorCss', v.color_css,
                        'colorName', v.color_name, 'storageKey', a.storage_key,
                        'width', a.width, 'height', a.height) order by v.position)
                 from product_index_variants v left join assets a on a.id = v.image_ids[1]
                where v.product_id = p.product_id
             ), '[]'::json)))
      from product_index p join objects o on o.id = p.product_id
     where p.product_id in (${ids})
  ), '[]'::json)`
}

/** The tiles of rows read by `readListRows`, priced for `pricing` (null: no prices, no badges). */
export function listProductsOf(
  locale: Locale,
  rows: ListRows,
  pricing: Pricing | null,
): Map<number, ProductsListProduct> {
  const products = new Map<number, ProductsListProduct>()
  for (const row of rows) {
    const own = row.variants
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
