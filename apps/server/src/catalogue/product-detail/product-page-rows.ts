import { sql } from 'drizzle-orm'
import type { ProductData, VariantData } from '@optika/domain/catalogue/product-data'
import type { Db } from '../../platform/db/client.ts'

/**
 * A product page's own rows, read in one statement: a page over a random product of a large
 * catalogue is bound by round trips, not by the work of each (issue 22).
 */
export interface ProductPageRows {
  /** The product object's data, with the lists a half-filled draft may lack read as empty. */
  readonly data: ProductData
  /** Its published colour variants in their order. */
  readonly variants: readonly { readonly id: number; readonly data: VariantData }[]
  /** `product_index.prices` (null before the product is indexed). */
  readonly prices: unknown
  /** Pieces on hand per sellable item (the variants, or the product without variants). */
  readonly stock: ReadonlyMap<number, number>
  /** The visible ratings' count and average (null without ratings), to two decimals. */
  readonly rating: { readonly count: number; readonly average: number | null }
}

/** `isPublishedProduct()` for the product object aliased `o` in these statements. */
const PUBLISHED_PRODUCT = sql.raw(`o.class_id = 'Product' and o.type = 'object' and o.published`)

interface PageRow extends Record<string, unknown> {
  readonly data: ProductData
  readonly prices: unknown
  readonly own_stock: number | null
  readonly variants: readonly { id: number; data: VariantData; stock: number | null }[]
  readonly rating_count: number | string
  readonly rating_average: number | string | null
}

/** The published Product `id`'s page rows; null when there is no such published product. */
export async function readProductPage(db: Db, id: number): Promise<ProductPageRows | null> {
  const { rows } = await db.execute<PageRow>(sql`
    select o.data,
           (select p.prices from product_index p where p.product_id = o.id) as prices,
           (select s.quantity from stock_levels s where s.object_id = o.id) as own_stock,
           coalesce((
             select json_agg(json_build_object('id', v.id, 'data', v.data, 'stock', vs.quantity)
                             order by v."index", v.id)
               from objects v left join stock_levels vs on vs.object_id = v.id
              where v.parent_id = o.id and v.type = 'variant' and v.published
           ), '[]'::json) as variants,
           r.rating_count, r.rating_average
      from objects o,
           lateral (
             select count(*)::int as rating_count, avg(x.overall)::float8 as rating_average
               from product_ratings x where x.product_id = o.id and x.hidden_at is null
           ) r
     where o.id = ${id} and ${PUBLISHED_PRODUCT}`)
  const row = rows[0]
  if (!row) return null
  const variants = row.variants.map((v) => ({ id: Number(v.id), data: v.data }))
  const stock = new Map<number, number>()
  if (row.own_stock !== null) stock.set(id, Number(row.own_stock))
  for (const v of row.variants) if (v.stock !== null) stock.set(Number(v.id), Number(v.stock))
  const count = Number(row.rating_count)
  const average = row.rating_average === null ? null : Number(row.rating_average)
  return {
    data: withListDefaults(row.data),
    variants,
    prices: row.prices,
    stock,
    rating: {
      count,
      average: count === 0 || average === null ? null : Math.round(average * 100) / 100,
    },
  }
}

/** A linked product (related, spare part) as its tile needs it besides the list rows. */
export interface LinkedProduct {
  readonly data: ProductData
  /** The item the tile puts in the cart: the first published variant, else the product. */
  readonly sellableId: number
  readonly sellableAvailability: unknown
  readonly stock: number
}

interface LinkedRow extends Record<string, unknown> {
  readonly id: number | string
  readonly data: ProductData
  readonly variant_id: number | string | null
  readonly variant_availability: unknown
  readonly stock: number | null
}

/** The published Products among `ids`, by id, each with its first variant and its stock. */
export async function readLinkedProducts(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, LinkedProduct>> {
  const wanted = [...new Set(ids)].filter(Number.isSafeInteger)
  const found = new Map<number, LinkedProduct>()
  if (wanted.length === 0) return found
  const { rows } = await db.execute<LinkedRow>(sql`
    select o.id, o.data, fv.id as variant_id, fv.data->'availability' as variant_availability,
           s.quantity as stock
      from objects o
      left join lateral (
        select v.id, v.data from objects v
         where v.parent_id = o.id and v.type = 'variant' and v.published
         order by v."index", v.id limit 1
      ) fv on true
      left join stock_levels s on s.object_id = coalesce(fv.id, o.id)
     where o.id = any(${`{${wanted.join(',')}}`}::bigint[])
       and ${PUBLISHED_PRODUCT}`)
  for (const row of rows) {
    const id = Number(row.id)
    found.set(id, {
      data: withListDefaults(row.data),
      sellableId: row.variant_id === null ? id : Number(row.variant_id),
      sellableAvailability: row.variant_availability,
      stock: Number(row.stock ?? 0),
    })
  }
  return found
}

/** Lists a half-filled object may lack (saved as a draft of the class) read as empty, never a 500. */
export function withListDefaults(data: ProductData): ProductData {
  const list = <T>(value: readonly T[] | undefined): T[] =>
    Array.isArray(value) ? (value as readonly T[]).slice() : []
  return {
    ...data,
    categoryIds: list(data.categoryIds),
    genders: list(data.genders),
    statuses: list(data.statuses),
    relatedProductIds: list(data.relatedProductIds),
    sparePartIds: list(data.sparePartIds),
  }
}
