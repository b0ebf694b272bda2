import { sql } from 'drizzle-orm'
import {
  AVAILABILITY_STATES,
  orderabilityOf,
  type AvailabilityState,
  type Orderability,
} from '@optika/domain/catalogue/availability'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import { DEFAULT_QUANTITY_RULES, type QuantityRules } from '@optika/domain/catalogue/quantity-rules'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productUrl } from '../../catalogue/reads/catalogue-urls.ts'

/**
 * Something that can be put in the cart: a published colour variant, or a published product
 * without variants. Read from the product index (names, prices, availability), the product
 * object (quantity rules, spare-part flag) and `stock_levels`.
 */
export interface SellableItem {
  readonly id: number
  readonly parentProductId: number
  readonly code: string
  readonly name: string
  readonly variantName: string | null
  readonly url: string
  readonly thumbnail: string | null
  readonly rules: QuantityRules
  readonly availability: AvailabilityState
  readonly orderability: Orderability
  readonly sparePart: boolean
  /** Pieces on hand. */
  readonly stock: number
  readonly categoryIds: readonly number[]
  /** `product_index.prices` of the product: price list → currency → { catalog, action }. */
  readonly prices: unknown
}

export type SellableLookup =
  | { readonly kind: 'sellable'; readonly item: SellableItem }
  /** A published product that has colour variants: the buyer must choose one. */
  | { readonly kind: 'hasVariants' }

interface ProductObjectData {
  readonly slug?: LocalizedText
  readonly sparePart?: boolean
  readonly minOrderQuantity?: number
  readonly quantityStep?: number
  readonly maxAmount?: number
}

const positiveInt = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined

function rulesOf(data: ProductObjectData): QuantityRules {
  return {
    min: positiveInt(data.minOrderQuantity) ?? DEFAULT_QUANTITY_RULES.min,
    step: positiveInt(data.quantityStep) ?? DEFAULT_QUANTITY_RULES.step,
    max: positiveInt(data.maxAmount) ?? null,
  }
}

function availabilityOf(value: string): AvailabilityState {
  return (AVAILABILITY_STATES as readonly string[]).includes(value)
    ? (value as AvailabilityState)
    : 'outOfStock'
}

interface SellableRow extends Record<string, unknown> {
  readonly id: unknown
  /** The product the id is a colour variant of; null for a product itself. */
  readonly variant_of: unknown
  readonly variant_code: string | null
  readonly color_name: Record<string, string> | null
  readonly variant_availability: string | null
  readonly product_id: unknown
  readonly name: Record<string, string>
  readonly code: string
  readonly kind: string
  readonly availability: string
  readonly category_ids: readonly unknown[]
  readonly prices: unknown
  readonly has_variants: boolean
  /** The product object's data (null when it is not published). */
  readonly data: ProductObjectData | null
  readonly stock: number | null
  readonly storage_key: string | null
}

/**
 * The sellable items among `ids` (unknown and unpublished ids are missing from the map), read in
 * one statement: the cart prices its lines on every call, so this is on every cart request's path.
 */
export async function loadSellableItems(
  db: Db,
  locale: Locale,
  ids: readonly number[],
): Promise<Map<number, SellableLookup>> {
  const found = new Map<number, SellableLookup>()
  const wanted = [...new Set(ids)].filter(Number.isSafeInteger)
  if (wanted.length === 0) return found

  // The ids are a list of values, not an array: PostgreSQL then knows how many rows there are
  // when it plans the statement once for every run (decision 074), as when it plans one run.
  // The thumbnail is the variant's first picture, else the product's.
  const { rows } = await db.execute<SellableRow>(sql`
    select w.id, v.product_id as variant_of, v.code as variant_code, v.color_name,
           v.availability as variant_availability, p.product_id, p.name, p.code, p.kind,
           p.availability, p.category_ids, p.prices,
           v.variant_id is null and exists (
             select 1 from product_index_variants x where x.product_id = w.id
           ) as has_variants,
           case when o.id is not null then jsonb_strip_nulls(jsonb_build_object(
             'slug', o.data->'slug', 'sparePart', o.data->'sparePart',
             'minOrderQuantity', o.data->'minOrderQuantity', 'quantityStep', o.data->'quantityStep',
             'maxAmount', o.data->'maxAmount'
           )) end as data,
           s.quantity as stock, a.storage_key
      from (values ${sql.join(
        wanted.map((id) => sql`(${id}::bigint)`),
        sql`, `,
      )}) as w(id)
      left join product_index_variants v on v.variant_id = w.id
      join product_index p on p.product_id = coalesce(v.product_id, w.id)
      left join objects o on o.id = p.product_id and o.published
      left join stock_levels s on s.object_id = w.id
      left join assets a on a.id = coalesce(
        v.image_ids[1],
        case when jsonb_typeof(o.data->'imageIds'->0) = 'number' then
          case when (o.data->'imageIds'->>0)::numeric between 1 and 9223372036854775807
               then (o.data->'imageIds'->>0)::numeric::bigint end
        end
      )`)

  for (const row of rows) {
    const id = Number(row.id)
    const isVariant = row.variant_of !== null
    if (!isVariant && row.has_variants) {
      found.set(id, { kind: 'hasVariants' })
      continue
    }
    // No published product object: not sellable.
    if (row.data === null) continue
    const productId = Number(row.product_id)
    const state = availabilityOf(isVariant ? (row.variant_availability ?? '') : row.availability)
    const onHand = row.stock ?? 0
    const item: SellableItem = {
      id,
      parentProductId: productId,
      code: isVariant ? (row.variant_code ?? '') : row.code,
      name: localize(row.name, locale),
      variantName: isVariant ? localize(row.color_name ?? {}, locale) || null : null,
      url: productUrl(locale, productId, row.data.slug),
      thumbnail: row.storage_key ? mediaUrl(row.storage_key, 'thumbnail') : null,
      rules: rulesOf(row.data),
      availability: state,
      orderability: orderabilityOf(state, onHand),
      sparePart: row.kind === 'sparePart' || row.data.sparePart === true,
      stock: onHand,
      categoryIds: row.category_ids.map(Number),
      prices: row.prices,
    }
    found.set(id, { kind: 'sellable', item })
  }
  return found
}
