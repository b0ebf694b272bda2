import type { PRODUCT_KINDS } from './product-data.ts'
import type { ProductStatus } from './statuses.ts'

export type ProductKind = (typeof PRODUCT_KINDS)[number]

/** One colour of a product in a list: the swatch and the pictures the tile switches to. */
export interface ProductListColor {
  /** The variant this colour is. */
  readonly variantId: number
  readonly color: { readonly css: string; readonly name: string }
  /** The variant's name (its colour, or colour / lens tint). */
  readonly name: string
  /** The front picture in the `medium` size; null when the variant has no picture. */
  readonly image: string | null
  /** The front picture in the `thumbnail` size; null when the variant has no picture. */
  readonly thumbnail: string | null
  /** The thumbnail's size in pixels, so the page reserves its box before it loads. */
  readonly thumbnailWidth: number
  readonly thumbnailHeight: number
}

/** A variant as a list knows it; the first one is the product's default. */
export interface ProductListVariant {
  readonly id: number
  readonly code: string
}

/**
 * A product in a list (seed section 3, "Product (in list)"), in one language. `statuses` is empty
 * for anonymous visitors: status badges show only when a user is present (seed section 6).
 */
export interface ProductListItem {
  readonly id: number
  readonly name: string
  readonly url: string
  readonly type: ProductKind
  readonly statuses: readonly ProductStatus[]
  readonly variants: readonly ProductListVariant[]
  readonly colors: readonly ProductListColor[]
}
