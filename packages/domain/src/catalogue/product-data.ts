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
export const OPTICAL_CONSTRUCTIONS = [
  'biconvex',
  'aspheric',
  'achromaticDoublet',
  'aplanaticTriplet',
  'galilean',
] as const
/** Age groups a product is meant for (besides `genders`). */
export const AGE_GROUPS = ['adults', 'teens', 'children'] as const

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
  opticalConstruction: z.enum(OPTICAL_CONSTRUCTIONS).optional(),
  ageGroups: z.array(z.enum(AGE_GROUPS)).optional(),
  /** Discount in percent shown with an action price. */
  discount: z.number().min(0).max(100).optional(),
  /** Product-level availability; variants carry their own and the product shows the best. */
  availability: z.enum(AVAILABILITY_STATES).optional(),
  /** Product-level pictures; variants have their own and inherit these when they have none. */
  imageIds: z.array(z.number().int()).optional(),
  sparePart: z.boolean().optional(),
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

/**
 * Data of a colour variant (a `variant` object below its product, same class `Product`): the
 * colour as flat fields so each is a plain class field; everything else is inherited.
 */
export const VariantDataSchema = z.object({
  code: z.string().min(1),
  /** Stable colour key, the value of the colour filter (e.g. 'black'). */
  colorKey: z.string().min(1),
  /** CSS colour `#rrggbb` of the swatch. */
  colorCss: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  colorName: LocalizedTextSchema,
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
  /** The FilterDefinition object the category's product list uses. */
  filterDefinitionId: z.number().int().optional(),
  /** The category's list also shows products filed in its subcategories. */
  showSubcategoryProducts: z.boolean().optional(),
})
export type CategoryData = z.infer<typeof CategoryDataSchema>

export const FILTER_TYPES = ['multiselect', 'color', 'text', 'range'] as const
export type FilterType = (typeof FILTER_TYPES)[number]
export const FILTER_SEARCH_TYPES = ['category', 'all'] as const
export const PRODUCT_SORTS = ['new', 'name', 'price.asc', 'price.desc'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]
export const PAGE_SIZE_OPTIONS = ['12', '24', '48', '96'] as const

/** One filter of a category's side panel; `column` names a product-index facet or number. */
export const FilterRowSchema = z.object({
  name: z.string().min(1),
  /** Translation key of the title, e.g. 'filter.intendedFor'. */
  titleKey: z.string().min(1),
  type: z.enum(FILTER_TYPES),
  column: z.string().min(1),
  unit: z.string().optional(),
  /** Text filters: 'all' searches the whole shop instead of the category. */
  searchType: z.enum(FILTER_SEARCH_TYPES).optional(),
  rangeMin: z.number().optional(),
  rangeMax: z.number().optional(),
})
export type FilterRow = z.infer<typeof FilterRowSchema>

/** Data of a FilterDefinition object (class `FilterDefinition`). */
export const FilterDefinitionDataSchema = z.object({
  name: z.string().min(1),
  pageSizeOptions: z.array(z.enum(PAGE_SIZE_OPTIONS)),
  /**
   * The sort the list opens in, as the back office's editor chose it; absent means not chosen,
   * and the list opens newest first (seed section 9, docs/decisions/023-category-listing-rules.md).
   */
  defaultSort: z.enum(PRODUCT_SORTS).optional(),
  filters: z.array(FilterRowSchema),
})
export type FilterDefinitionData = z.infer<typeof FilterDefinitionDataSchema>

/** Data of a PriceList object: partner prices without VAT in one currency. */
export const PriceListDataSchema = z.object({
  name: z.string().min(1),
  currency: z.enum(CURRENCIES),
  /** Applied to the catalogue price of products without an explicit row. */
  discountPercent: z.number().min(0).max(100).optional(),
  items: z.array(z.object({ product: z.number().int(), price: z.number().int().nonnegative() })),
})
export type PriceListData = z.infer<typeof PriceListDataSchema>
