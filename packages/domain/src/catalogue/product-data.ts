import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { CURRENCIES } from '../commerce/currencies.ts'
import { AVAILABILITY_STATES } from './availability.ts'
import { PRODUCT_STATUSES } from './statuses.ts'

/** A text per language; a missing language falls back to English, then Czech. */
export const LocalizedTextSchema = z.partialRecord(z.enum(LOCALES), z.string())
export type LocalizedText = z.infer<typeof LocalizedTextSchema>

export const PRODUCT_KINDS = ['frame', 'sunglasses', 'optics', 'sparePart'] as const
export const GENDERS = ['women', 'men', 'children', 'unisex'] as const
export const FRAME_SHAPES = [
  'round',
  'oval',
  'rectangle',
  'square',
  'catEye',
  'aviator',
  'browline',
  'geometric',
] as const
export const FRAME_TYPES = ['fullRim', 'halfRim', 'rimless'] as const
export const MATERIALS = ['acetate', 'metal', 'titanium', 'tr90', 'stainlessSteel', 'wood'] as const
export const SPARE_PART_KINDS = ['temple', 'nosePad', 'screw', 'case', 'cloth'] as const

/** Prices of one currency in minor units, without VAT. */
export const PriceSchema = z.object({
  catalog: z.number().int().nonnegative(),
  action: z.number().int().nonnegative().optional(),
})

const Mm = z.number().positive()

/** Data of a Product object (class `Product`). Variants override `variant` fields. */
export const ProductDataSchema = z.object({
  code: z.string().min(1),
  kind: z.enum(PRODUCT_KINDS),
  name: LocalizedTextSchema,
  slug: LocalizedTextSchema,
  description: LocalizedTextSchema,
  manufacturer: z.string(),
  brand: z.string(),
  collection: z.string().optional(),
  model: z.string().optional(),
  series: z.string().optional(),
  categoryIds: z.array(z.number().int()),
  genders: z.array(z.enum(GENDERS)),
  shape: z.enum(FRAME_SHAPES).optional(),
  frameType: z.enum(FRAME_TYPES).optional(),
  frameMaterial: z.enum(MATERIALS).optional(),
  frontMaterial: z.enum(MATERIALS).optional(),
  templeMaterial: z.enum(MATERIALS).optional(),
  sparePartKind: z.enum(SPARE_PART_KINDS).optional(),
  lensWidth: Mm.optional(),
  bridgeWidth: Mm.optional(),
  templeLength: Mm.optional(),
  verticalLensSize: Mm.optional(),
  smallestRawGlassDiameter: Mm.optional(),
  weight: z.number().positive().optional(),
  radius: z.number().positive().optional(),
  polarization: z.boolean().optional(),
  tintLevel: z.number().int().min(0).max(4).optional(),
  magnification: z.number().positive().optional(),
  opticalConstruction: z.string().optional(),
  warrantyMonths: z.number().int().positive(),
  piecesPerPackage: z.number().int().positive(),
  minOrderQuantity: z.number().int().positive(),
  quantityStep: z.number().int().positive(),
  maxAmount: z.number().int().positive().optional(),
  prices: z.record(z.enum(CURRENCIES), PriceSchema),
  statuses: z.array(z.enum(PRODUCT_STATUSES)),
  bestseller: z.boolean(),
  featured: z.boolean(),
  releasedAt: z.iso.date(),
  relatedProductIds: z.array(z.number().int()),
  sparePartIds: z.array(z.number().int()),
})
export type ProductData = z.infer<typeof ProductDataSchema>

/** Data of a colour variant (a `variant` object below its product). */
export const VariantDataSchema = z.object({
  code: z.string().min(1),
  color: z.object({ key: z.string(), css: z.string(), name: LocalizedTextSchema }),
  imageIds: z.array(z.number().int()),
  availability: z.enum(AVAILABILITY_STATES),
})
export type VariantData = z.infer<typeof VariantDataSchema>

/** Data of a Category object. */
export const CategoryDataSchema = z.object({
  name: LocalizedTextSchema,
  slug: LocalizedTextSchema,
  description: LocalizedTextSchema,
  imageId: z.number().int().optional(),
})
export type CategoryData = z.infer<typeof CategoryDataSchema>
