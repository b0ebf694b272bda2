import { and, eq, inArray } from 'drizzle-orm'
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
import { stockLevels } from '../../platform/db/schema/commerce.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { productIndex, productIndexVariants } from '../../platform/db/schema/pim.ts'
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
  readonly imageIds?: number[]
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

/** The sellable items among `ids` (unknown and unpublished ids are missing from the map). */
export async function loadSellableItems(
  db: Db,
  locale: Locale,
  ids: readonly number[],
): Promise<Map<number, SellableLookup>> {
  const found = new Map<number, SellableLookup>()
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return found

  const variants = await db
    .select()
    .from(productIndexVariants)
    .where(inArray(productIndexVariants.variantId, wanted))
  const variantIds = new Set(variants.map((v) => v.variantId))
  const directIds = wanted.filter((id) => !variantIds.has(id))
  const productIds = [...new Set([...directIds, ...variants.map((v) => v.productId)])]

  const [products, withVariants, productObjects, stock] = await Promise.all([
    db.select().from(productIndex).where(inArray(productIndex.productId, productIds)),
    directIds.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct({ productId: productIndexVariants.productId })
          .from(productIndexVariants)
          .where(inArray(productIndexVariants.productId, directIds)),
    db
      .select({ id: objects.id, data: objects.data })
      .from(objects)
      .where(and(inArray(objects.id, productIds), eq(objects.published, true))),
    db.select().from(stockLevels).where(inArray(stockLevels.objectId, wanted)),
  ])
  const productById = new Map(products.map((p) => [p.productId, p]))
  const dataById = new Map(productObjects.map((o) => [o.id, (o.data ?? {}) as ProductObjectData]))
  const stockById = new Map(stock.map((s) => [s.objectId, s.quantity]))
  const hasVariants = new Set(withVariants.map((v) => v.productId))

  const imageIdOf = new Map<number, number>()
  for (const v of variants) {
    const first = v.imageIds[0] ?? dataById.get(v.productId)?.imageIds?.[0]
    if (first !== undefined) imageIdOf.set(v.variantId, first)
  }
  for (const id of directIds) {
    const first = dataById.get(id)?.imageIds?.[0]
    if (first !== undefined) imageIdOf.set(id, first)
  }
  const imageRows =
    imageIdOf.size === 0
      ? []
      : await db
          .select({ id: assets.id, storageKey: assets.storageKey })
          .from(assets)
          .where(inArray(assets.id, [...new Set(imageIdOf.values())]))
  const storageKeyOf = new Map(imageRows.map((a) => [a.id, a.storageKey]))
  const thumbnailOf = (id: number): string | null => {
    const imageId = imageIdOf.get(id)
    const key = imageId === undefined ? undefined : storageKeyOf.get(imageId)
    return key ? mediaUrl(key, 'thumbnail') : null
  }

  const build = (
    id: number,
    productId: number,
    code: string,
    variantName: string | null,
    availability: string,
  ): SellableItem | null => {
    const product = productById.get(productId)
    const data = dataById.get(productId)
    if (!product || !data) return null
    const state = availabilityOf(availability)
    const onHand = stockById.get(id) ?? 0
    return {
      id,
      parentProductId: productId,
      code,
      name: localize(product.name, locale),
      variantName,
      url: productUrl(locale, productId, data.slug),
      thumbnail: thumbnailOf(id),
      rules: rulesOf(data),
      availability: state,
      orderability: orderabilityOf(state, onHand),
      sparePart: product.kind === 'sparePart' || data.sparePart === true,
      stock: onHand,
      categoryIds: product.categoryIds,
      prices: product.prices,
    }
  }

  for (const v of variants) {
    const item = build(
      v.variantId,
      v.productId,
      v.code,
      localize(v.colorName, locale) || null,
      v.availability,
    )
    if (item) found.set(v.variantId, { kind: 'sellable', item })
  }
  for (const id of directIds) {
    const product = productById.get(id)
    if (!product) continue
    if (hasVariants.has(id)) {
      found.set(id, { kind: 'hasVariants' })
      continue
    }
    const item = build(id, id, product.code, null, product.availability)
    if (item) found.set(id, { kind: 'sellable', item })
  }
  return found
}
