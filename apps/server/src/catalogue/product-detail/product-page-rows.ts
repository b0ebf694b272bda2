import { sql } from 'drizzle-orm'
import type { ProductData, VariantData } from '@optika/domain/catalogue/product-data'
import type { Locale } from '@optika/i18n/locales'
import { builtOnce } from '../../platform/db/built-once.ts'
import type { Db } from '../../platform/db/client.ts'
import { tileRowsJson, type ListRows } from '../product-list/load-list-products.ts'
import { storedImagesOf, type StoredImage } from '../reads/product-tiles.ts'

/**
 * A product page's rows, read in one statement: a page over a random product of a large catalogue
 * is bound by round trips, not by the work of each (issue 22, decisions 070 and 074).
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
  /** The stored pictures of the product and of its variants, by asset id. */
  readonly images: ReadonlyMap<number, StoredImage>
  /** The products it links to (related, spare parts), as `readLinkedProducts` reads them. */
  readonly linked: ReadonlyMap<number, LinkedProduct>
  /** The same products' tile rows, as `readListRows` reads them. */
  readonly linkedTiles: ListRows
}

/** `isPublishedProduct()` for the product object aliased `o` in these statements. */
const PUBLISHED_PRODUCT = sql.raw(`o.class_id = 'Product' and o.type = 'object' and o.published`)

/** Of a linked product's data, what its tile needs besides the list rows. */
export type LinkedProductData = Partial<
  Pick<ProductData, 'availability' | 'minOrderQuantity' | 'quantityStep' | 'maxAmount'>
>

/**
 * `LinkedProductData` of the product `o`: not its whole data, whose texts in every language are
 * most of a product page's row (issue 22).
 */
const LINKED_DATA = sql.raw(`jsonb_strip_nulls(jsonb_build_object(
  'availability', o.data->'availability', 'minOrderQuantity', o.data->'minOrderQuantity',
  'quantityStep', o.data->'quantityStep', 'maxAmount', o.data->'maxAmount'))`)

/** The first published variant of the product `o` (`fv`) and the stock of what its tile sells. */
const FIRST_VARIANT_AND_STOCK = sql.raw(`
  left join lateral (
    select v.id, v.data from objects v
     where v.parent_id = o.id and v.type = 'variant' and v.published
     order by v."index", v.id limit 1
  ) fv on true
  left join stock_levels s on s.object_id = coalesce(fv.id, o.id)`)

/** The integer ids in the JSON array `list` of `data` (none when it is not an array). */
const idsIn = (data: string, list: string) =>
  sql.raw(`select (x #>> '{}')::bigint as id
    from jsonb_array_elements(case jsonb_typeof(${data}->'${list}')
                              when 'array' then ${data}->'${list}' else '[]' end) x
   where jsonb_typeof(x) = 'number' and (x #>> '{}') ~ '^[0-9]{1,15}$'`)

interface PageRow extends Record<string, unknown> {
  readonly data: ProductData
  readonly prices: unknown
  readonly own_stock: number | null
  readonly variants: readonly { id: number; data: VariantData; stock: number | null }[]
  readonly rating_count: number | string
  readonly rating_average: number | string | null
  readonly images: Parameters<typeof storedImagesOf>[0]
  readonly linked: readonly LinkedRow[]
  readonly tiles: ListRows
}

/** The statement of `readProductPage`, built once. */
const productPageStatement = builtOnce<PageRow, { id: number; locale: Locale }>(sql`
    with o as (
      select o.id, o.data from objects o where o.id = ${sql.placeholder('id')} and ${PUBLISHED_PRODUCT}
    ),
    v as (
      select v.id, v.data, v."index", vs.quantity as stock
        from o, objects v left join stock_levels vs on vs.object_id = v.id
       where v.parent_id = o.id and v.type = 'variant' and v.published
    ),
    linked as (
      select distinct l.id from o, lateral (
        ${idsIn('o.data', 'relatedProductIds')} union all ${idsIn('o.data', 'sparePartIds')}
      ) l where l.id <> o.id
    )
    select o.data,
           (select p.prices from product_index p where p.product_id = o.id) as prices,
           (select s.quantity from stock_levels s where s.object_id = o.id) as own_stock,
           coalesce((
             select json_agg(json_build_object('id', v.id, 'data', v.data, 'stock', v.stock)
                             order by v."index", v.id) from v
           ), '[]'::json) as variants,
           r.rating_count, r.rating_average,
           coalesce((
             select json_agg(json_build_object('id', a.id, 'storageKey', a.storage_key,
                                               'width', a.width, 'height', a.height))
               from assets a
              where a.id in (${idsIn('o.data', 'imageIds')}
                             union all select i.id from v, lateral (${idsIn('v.data', 'imageIds')}) i)
           ), '[]'::json) as images,
           coalesce((
             select json_agg(json_build_object('id', o.id, 'data', ${LINKED_DATA},
                                               'variant_id', fv.id,
                                               'variant_availability', fv.data->'availability',
                                               'stock', s.quantity))
               from objects o ${FIRST_VARIANT_AND_STOCK}
              where o.id in (select id from linked) and ${PUBLISHED_PRODUCT}
           ), '[]'::json) as linked,
           ${tileRowsJson(sql.placeholder('locale'), sql`select id from linked`)} as tiles
      from o,
           lateral (
             select count(*)::int as rating_count, avg(x.overall)::float8 as rating_average
               from product_ratings x where x.product_id = o.id and x.hidden_at is null
           ) r`)

/**
 * The published Product `id`'s page rows, with its pictures and its linked products' tiles, in
 * `locale`; null when there is no such published product.
 */
export async function readProductPage(
  db: Db,
  id: number,
  locale: Locale,
): Promise<ProductPageRows | null> {
  const { rows } = await productPageStatement(db, { id, locale })
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
    images: storedImagesOf(row.images),
    linked: linkedProductsOf(row.linked),
    linkedTiles: row.tiles,
  }
}

/** A linked product (related, spare part) as its tile needs it besides the list rows. */
export interface LinkedProduct {
  readonly data: LinkedProductData
  /** The item the tile puts in the cart: the first published variant, else the product. */
  readonly sellableId: number
  readonly sellableAvailability: unknown
  readonly stock: number
}

interface LinkedRow extends Record<string, unknown> {
  readonly id: number | string
  readonly data: LinkedProductData
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
  if (wanted.length === 0) return new Map()
  const { rows } = await db.execute<LinkedRow>(sql`
    select o.id, ${LINKED_DATA} as data, fv.id as variant_id,
           fv.data->'availability' as variant_availability,
           s.quantity as stock
      from objects o ${FIRST_VARIANT_AND_STOCK}
     where o.id = any(${`{${wanted.join(',')}}`}::bigint[])
       and ${PUBLISHED_PRODUCT}`)
  return linkedProductsOf(rows)
}

function linkedProductsOf(rows: readonly LinkedRow[]): Map<number, LinkedProduct> {
  const found = new Map<number, LinkedProduct>()
  for (const row of rows) {
    const id = Number(row.id)
    found.set(id, {
      data: row.data,
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
