import type { Locale } from '@optika/i18n/locales'
import type { Country } from '../commerce/countries.ts'
import type { AvailabilityState, Orderability } from './availability.ts'
import type { FrameSize } from './frame-fit.ts'
import type { ProductListPrice, ProductsListProduct } from './product-list-api.ts'
import type { ProductKind } from './product-list-item.ts'
import type { QuantityRules } from './quantity-rules.ts'
import type { ProductStatus } from './statuses.ts'

/**
 * The product page's data (issue 6), in one language, for one viewer. Built by
 * `features/product-detail` on the server; the page renders it and hydrates.
 * - GET /api/product/images/{id}   → ProductImages (a product: all its variants' pictures; a
 *                                    variant: its own); unknown or unpublished id → 404
 *                                    'Product not found' (`cart.productNotFound`)
 * - GET /api/products              without cid: the whole catalogue, the category list's contract
 */

/** One picture in the sizes the gallery uses (URLs under /media/{size}/…). */
export interface ProductImage {
  /** The asset's id. */
  readonly id: number
  /** 'Product name – colour' (just the name for a product without variants). */
  readonly alt: string
  /** The `medium` size in pixels (all sizes share its aspect ratio), to reserve the box. */
  readonly width: number
  readonly height: number
  /** Preset sizes: thumbnail (gallery strip), medium (main picture), large (zoom). */
  readonly thumbnail: string
  readonly medium: string
  readonly large: string
}

export interface ProductImages {
  readonly id: number
  readonly images: readonly ProductImage[]
  /** For a product: each variant's pictures. */
  readonly variants: readonly { readonly id: number; readonly images: readonly ProductImage[] }[]
}

export interface ProductDetailVariant {
  readonly id: number
  readonly code: string
  /** The variant's name (its colour). */
  readonly name: string
  readonly colorKey: string
  readonly color: { readonly css: string; readonly name: string }
  readonly availability: AvailabilityState
  /** `availability` in the page's language (seed section 4), e.g. 'In stock'. */
  readonly availabilityText: string
  /** From the state and the pieces in stock: may it go in the cart now. */
  readonly orderability: Orderability
  /** `orderability` in the page's language: 'Available', 'Out of stock', 'Cannot be ordered'. */
  readonly orderabilityText: string
  /** The variant's own pictures, else the product's (a variant inherits them). */
  readonly images: readonly ProductImage[]
  /**
   * The price this viewer pays: signed-in viewers their own, guests the retail price of a
   * purchase without registration (decision 024); null where no price exists.
   */
  readonly price: ProductListPrice | null
  /**
   * When it could arrive, from its stock state (seed section 4): `dated` — orderable now, the
   * dates of `ProductDetail.delivery` apply; `later` — out of stock, available later; `none` —
   * no further deliveries or end of production and none left.
   */
  readonly deliveryOutlook: DeliveryOutlook
}

export const DELIVERY_OUTLOOKS = ['dated', 'later', 'none'] as const
export type DeliveryOutlook = (typeof DELIVERY_OUTLOOKS)[number]

/** One shipping method offered in the visitor's country, with the dates of an order placed today. */
export interface DeliveryOption {
  readonly methodId: number
  /** The carrier (the shipping method's name in the page's language). */
  readonly name: string
  /** Calendar dates `YYYY-MM-DD`: dispatched on the next business day, delivered in business days. */
  readonly earliest: string
  readonly latest: string
  /** The two dates as the page's language writes a range ("Fri 27 Nov – Tue 1 Dec"). */
  readonly datesText: string
}

/** Where and how an orderable item would travel (issue 21): computed on the server. */
export interface ProductDelivery {
  /** The country the visitor shops in (the cart's delivery country, else theirs or the language's). */
  readonly country: Country
  readonly options: readonly DeliveryOption[]
}

/** One row of the specification table: the label's translation key and the value, formatted. */
export interface SpecRow {
  readonly key: string
  /** Already in the page's language, with its unit ('54 mm', 'Acetát', 'Ano'). */
  readonly value: string
}

/** A related product or compatible spare part: a tile, plus what adding it to the cart needs. */
export interface ProductDetailLink extends ProductsListProduct {
  /** The object the cart takes (the default variant, or the product without variants). */
  readonly sellableId: number
  readonly orderability: Orderability
  /** `orderability` in the page's language. */
  readonly orderabilityText: string
  readonly rules: QuantityRules
}

export interface ProductDetail {
  readonly id: number
  readonly locale: Locale
  readonly name: string
  readonly code: string
  readonly kind: ProductKind
  readonly brand: string
  readonly manufacturer: string
  readonly collection: string | null
  readonly model: string | null
  readonly series: string | null
  readonly description: string
  readonly url: string
  /** This product's URL in every language (hreflang, language switcher). */
  readonly urls: Readonly<Record<Locale, string>>
  /** Top-level category first; each link keeps the list's filters when the page was opened from one. */
  readonly categoryTrail: readonly {
    readonly id: number
    readonly name: string
    readonly url: string
  }[]
  /** The list this page was opened from (with its filters and `?product=` to land on this tile). */
  readonly backToList: string | null
  /** Empty for anonymous visitors. */
  readonly statuses: readonly ProductStatus[]
  readonly specification: readonly SpecRow[]
  /** At least one entry: a product without variants is its own single "variant". */
  readonly variants: readonly ProductDetailVariant[]
  /** The variant the URL's `variant` parameter names, else the first. */
  readonly selectedVariantId: number
  readonly rules: QuantityRules
  /** Whether this viewer sees their own prices (signed in); tiles and offers follow it. */
  readonly pricesVisible: boolean
  /** A guest sees the retail price of a purchase without registration, with a note (decision 024). */
  readonly guestRetailPrices: boolean
  readonly delivery: ProductDelivery
  readonly related: readonly ProductDetailLink[]
  /** Frames: compatible temples, nose pads, screws. */
  readonly spareParts: readonly ProductDetailLink[]
  /** Visible ratings (for the summary and JSON-LD AggregateRating). */
  readonly rating: { readonly count: number; readonly average: number | null }
  /** A frame's lens, bridge and temple sizes (the size guide); null when one is unknown. */
  readonly frameSize?: FrameSize | null
}
