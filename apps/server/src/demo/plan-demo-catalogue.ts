import type { AvailabilityState } from '@optika/domain/catalogue/availability'
import type {
  GENDERS,
  MATERIALS,
  ProductData,
  LocalizedText,
} from '@optika/domain/catalogue/product-data'
import type { ProductStatus } from '@optika/domain/catalogue/statuses'
import { LOCALES } from '@optika/i18n/locales'
import { localize } from '@optika/domain/i18n/localized-text'
import { createPrng, type Prng } from './create-prng.ts'
import { DEMO_ARTICLES } from './demo-articles.ts'
import { DEMO_BRANDS, describeBrand, type DemoBrand, type DemoBrandName } from './demo-brands.ts'
import { DEMO_CATEGORIES, type DemoCategoryKey } from './demo-categories.ts'
import { demoColor, lensTint, type DemoColorKey, type LensTintKey } from './demo-colors.ts'
import {
  productImageFileName,
  type FrameShape,
  type FrameType,
  type OpticsKind,
  type ProductImageSpec,
  type SparePartKind,
} from './draw-product-image.ts'
import {
  localizeProductTexts,
  type OpticalConstruction,
  type ProductTextInput,
  type ProductWord,
} from './localize-product-texts.ts'
import { pricesFromCzk } from './prices-from-czk.ts'
import { slugify } from '@optika/domain/routing/slugify'
import { demoDealerObjects } from './demo-dealers.ts'

type Gender = (typeof GENDERS)[number]
type Material = (typeof MATERIALS)[number]
type Weighted<T> = readonly (readonly [T, number])[]

/** Fixed seed and reference date: the catalogue is the same on every run and every machine. */
export const DEMO_SEED = 20_260_601
export const DEMO_REFERENCE_DATE = '2026-11-01'
export const FEATURED_PRODUCT_COUNT = 12

export const ROOT_OBJECT_ID = 1

/** A folder, category or brand object, ready to insert once its picture (if any) has an id. */
export interface PlannedNode {
  id: number
  parentId: number | null
  type: 'folder' | 'object'
  key: string
  path: string
  index: number
  classId: string | null
  data: Record<string, unknown>
  /** Category picture: the file name of a product picture; becomes `data.imageId`. */
  imageFile?: string
  /** Pictures of a gallery field: file names that become `data[field]` (asset ids). */
  galleryFiles?: { field: string; files: string[] }
  /** A gallery's captions: file name → text per language; written as the assets' `title` metadata. */
  galleryCaptions?: Map<string, LocalizedText>
}

export interface PlannedVariant {
  id: number
  key: string
  index: number
  code: string
  color: { key: string; css: string; name: LocalizedText }
  availability: AvailabilityState
  /** Pieces on hand, written to stock_levels. */
  stock: number
  /** File names of the variant's pictures, front view first; become `imageIds`. */
  imageFiles: string[]
}

export interface PlannedProduct {
  id: number
  parentId: number
  key: string
  path: string
  index: number
  createdAt: Date
  data: ProductData
  variants: PlannedVariant[]
}

export interface DemoCataloguePlan {
  nodes: PlannedNode[]
  products: PlannedProduct[]
  /** Every distinct picture, by file name. */
  images: Map<string, ProductImageSpec>
}

// ---------------------------------------------------------------------------------------------
// Vocabulary of the generator

// Palettes are kept short on purpose: pictures are shared per shape and colour, and every extra
// colour multiplies the pictures rendered on first start.
const PALETTES: Record<Material, readonly DemoColorKey[]> = {
  acetate: ['black', 'tortoise', 'navy', 'burgundy', 'crystal', 'olive', 'grey'],
  metal: ['gold', 'silver', 'gunmetal', 'roseGold', 'matteBlack'],
  titanium: ['silver', 'gunmetal', 'matteBlack'],
  stainlessSteel: ['silver', 'gunmetal', 'matteBlack'],
  tr90: ['black', 'navy', 'blue', 'red', 'grey'],
  wood: ['brown', 'tortoise'],
}
const KIDS_PALETTE: readonly DemoColorKey[] = ['blue', 'red', 'pink', 'navy', 'crystal']
const WOMEN_EXTRA: readonly DemoColorKey[] = ['pink']

/** Semi-rimless and rimless metal fronts come in the calmer shapes only. */
const RIMLESS_SHAPES: ReadonlySet<FrameShape> = new Set(['oval', 'rectangle', 'geometric'])
const HALF_RIM_SHAPES: ReadonlySet<FrameShape> = new Set(['oval', 'rectangle', 'square'])

const METALS: ReadonlySet<Material> = new Set(['metal', 'titanium', 'stainlessSteel'])

const SHAPE_RATIO: Record<FrameShape, number> = {
  round: 0.92,
  oval: 0.7,
  rectangle: 0.58,
  square: 0.82,
  catEye: 0.68,
  aviator: 0.86,
  browline: 0.72,
  geometric: 0.76,
}

interface FrameProfile {
  genders: readonly Gender[]
  brands: Weighted<DemoBrandName>
  shapes: Weighted<FrameShape>
  materials: Weighted<Material>
  lensWidth: readonly [number, number]
  bridge: readonly [number, number]
  temple: readonly [number, number]
}

const FRAME_PROFILES: Partial<Record<DemoCategoryKey, FrameProfile>> = {
  'womens-frames': {
    genders: ['women'],
    brands: [
      ['Aurelle', 4],
      ['Ocello', 3],
      ['Vistara', 3],
      ['Miravel', 2],
      ['Nordlys', 2],
    ],
    shapes: [
      ['catEye', 4],
      ['oval', 3],
      ['round', 2],
      ['square', 2],
      ['rectangle', 1],
      ['geometric', 1.5],
      ['browline', 0.5],
    ],
    materials: [
      ['acetate', 6],
      ['metal', 2],
      ['titanium', 1],
      ['stainlessSteel', 1],
      ['tr90', 1],
    ],
    lensWidth: [48, 55],
    bridge: [15, 20],
    temple: [135, 145],
  },
  'mens-frames': {
    genders: ['men'],
    brands: [
      ['Tessaro', 4],
      ['Vistara', 3],
      ['Nordlys', 3],
      ['Ocello', 2],
      ['Miravel', 2],
    ],
    shapes: [
      ['rectangle', 4],
      ['square', 3],
      ['browline', 1.5],
      ['aviator', 1],
      ['round', 1],
      ['geometric', 1],
    ],
    materials: [
      ['acetate', 4],
      ['metal', 2],
      ['titanium', 2.5],
      ['stainlessSteel', 1],
      ['tr90', 1],
      ['wood', 0.4],
    ],
    lensWidth: [52, 60],
    bridge: [17, 24],
    temple: [140, 150],
  },
  'childrens-frames': {
    genders: ['children'],
    brands: [
      ['Pikolo', 6],
      ['Vistara', 1],
      ['Nordlys', 1],
    ],
    shapes: [
      ['round', 3],
      ['oval', 2],
      ['rectangle', 2],
      ['square', 1.5],
    ],
    materials: [
      ['tr90', 5],
      ['acetate', 2],
      ['metal', 0.5],
    ],
    lensWidth: [40, 48],
    bridge: [14, 17],
    temple: [120, 135],
  },
  'unisex-frames': {
    genders: ['unisex'],
    brands: [
      ['Nordlys', 3],
      ['Miravel', 3],
      ['Vistara', 2],
      ['Tessaro', 2],
      ['Ocello', 1],
    ],
    shapes: [
      ['round', 3],
      ['square', 2],
      ['rectangle', 2],
      ['oval', 1.5],
      ['geometric', 2],
      ['browline', 1],
      ['aviator', 1],
    ],
    materials: [
      ['acetate', 5],
      ['metal', 2],
      ['titanium', 1.5],
      ['tr90', 1],
      ['wood', 0.6],
    ],
    lensWidth: [48, 58],
    bridge: [16, 22],
    temple: [140, 150],
  },
}

interface SunglassesProfile {
  word: ProductWord
  brands: Weighted<DemoBrandName>
  genders: Weighted<Gender>
  shapes: Weighted<FrameShape>
  materials: Weighted<Material>
  lenses: readonly LensTintKey[]
  polarizedShare: number
  tint: Weighted<number>
  bridge: readonly [number, number]
}

const SUNGLASSES_PROFILES: Partial<Record<DemoCategoryKey, SunglassesProfile>> = {
  'polarized-sunglasses': {
    word: 'polarizedSunglasses',
    brands: [
      ['Solvik', 4],
      ['Nordlys', 2],
      ['Brevia', 2],
      ['Vistara', 1.5],
    ],
    genders: [
      ['men', 3],
      ['women', 2],
      ['unisex', 3],
    ],
    shapes: [
      ['aviator', 3],
      ['rectangle', 3],
      ['square', 2],
      ['round', 1],
      ['geometric', 1],
    ],
    materials: [
      ['acetate', 3],
      ['metal', 3],
      ['titanium', 1],
      ['tr90', 1],
    ],
    lenses: ['grey', 'brown', 'green', 'blueMirror'],
    polarizedShare: 1,
    tint: [[3, 1]],
    bridge: [15, 21],
  },
  'sport-sunglasses': {
    word: 'sportSunglasses',
    brands: [
      ['Brevia', 5],
      ['Solvik', 2],
    ],
    genders: [
      ['unisex', 4],
      ['men', 2],
      ['women', 1],
    ],
    shapes: [
      ['rectangle', 4],
      ['geometric', 3],
      ['oval', 1],
    ],
    materials: [
      ['tr90', 6],
      ['metal', 1],
      ['stainlessSteel', 0.5],
    ],
    lenses: ['grey', 'blueMirror', 'amber', 'brown'],
    polarizedShare: 0.4,
    tint: [
      [1, 1],
      [2, 3],
      [3, 4],
    ],
    bridge: [14, 18],
  },
  'fashion-sunglasses': {
    word: 'sunglasses',
    brands: [
      ['Lumira', 4],
      ['Ocello', 2],
      ['Solvik', 2],
      ['Aurelle', 1.5],
      ['Vistara', 1],
    ],
    genders: [
      ['women', 4],
      ['unisex', 2],
      ['men', 1.5],
    ],
    shapes: [
      ['catEye', 3],
      ['round', 2],
      ['square', 2],
      ['oval', 1.5],
      ['aviator', 1.5],
      ['geometric', 1],
    ],
    materials: [
      ['acetate', 5],
      ['metal', 3],
      ['stainlessSteel', 0.5],
    ],
    lenses: ['grey', 'brown', 'green', 'rose'],
    polarizedShare: 0.15,
    tint: [
      [2, 4],
      [3, 5],
      [4, 0.5],
    ],
    bridge: [15, 21],
  },
}

const OPTICS_BY_CATEGORY: Partial<Record<DemoCategoryKey, OpticsKind>> = {
  'reading-magnifiers': 'readingMagnifier',
  loupes: 'loupe',
  'binocular-magnifiers': 'binocularMagnifier',
}

const AVAILABILITY_WEIGHTS: Weighted<AvailabilityState> = [
  ['inStock', 72],
  ['lowStock', 12],
  ['outOfStock', 8],
  ['noFurtherDeliveries', 4],
  ['endOfProduction', 4],
]
const OUTLET_AVAILABILITY: Weighted<AvailabilityState> = [
  ['inStock', 3],
  ['lowStock', 3],
  ['noFurtherDeliveries', 3],
  ['endOfProduction', 2],
]

// ---------------------------------------------------------------------------------------------
// Drafts: a product before it has ids, relations and badges

interface VariantDraft {
  color: DemoColorKey
  lens?: LensTintKey
}

interface ProductDraft {
  category: DemoCategoryKey
  secondaryCategories: DemoCategoryKey[]
  brand: DemoBrand
  text: ProductTextInput
  data: Omit<
    ProductData,
    | 'name'
    | 'slug'
    | 'description'
    | 'categoryIds'
    | 'prices'
    | 'statuses'
    | 'bestseller'
    | 'featured'
    | 'releasedAt'
    | 'relatedProductIds'
    | 'sparePartIds'
  >
  priceCzk: number
  variants: VariantDraft[]
  images: (variant: VariantDraft) => ProductImageSpec[]
}

function brandByName(name: DemoBrandName): DemoBrand {
  const brand = DEMO_BRANDS.find((b) => b.name === name)
  if (!brand) throw new Error(`Unknown demo brand ${name}`)
  return brand
}

/** A CZK price between min and max that ends in 90 (or 9 below a hundred). */
function czkPrice(prng: Prng, min: number, max: number): number {
  const raw = prng.int(min, max)
  return raw >= 100 ? Math.max(90, Math.round(raw / 100) * 100 - 10) : Math.round(raw / 10) * 10 - 1
}

/** Hands out unique model numbers per brand. */
function createModelNumbers(prng: Prng): (brand: DemoBrand, min: number, max: number) => number {
  const used = new Set<string>()
  return (brand, min, max) => {
    for (;;) {
      const n = prng.int(min, max)
      const id = `${brand.prefix}${n}`
      if (!used.has(id)) {
        used.add(id)
        return n
      }
    }
  }
}

function pickColors(prng: Prng, palette: readonly DemoColorKey[]): DemoColorKey[] {
  return prng.sample(
    palette,
    prng.weighted([
      [2, 3],
      [3, 4],
      [4, 2],
    ]),
  )
}

function templeMaterialFor(prng: Prng, material: Material): Material {
  if (material === 'acetate' && prng.chance(0.3))
    return prng.pick(['metal', 'stainlessSteel'] as const)
  if (material === 'wood') return 'stainlessSteel'
  return material
}

const FRAME_WEIGHTS: Record<Material, readonly [number, number]> = {
  acetate: [18, 32],
  metal: [13, 22],
  titanium: [8, 15],
  stainlessSteel: [14, 22],
  tr90: [10, 18],
  wood: [16, 26],
}

/** Grams, one decimal. */
function frameWeight(prng: Prng, material: Material, children: boolean): number {
  const [min, max] = children ? [9, 16] : FRAME_WEIGHTS[material]
  return prng.int(min * 10, max * 10) / 10
}

function frameSizes(
  prng: Prng,
  shape: FrameShape,
  lens: readonly [number, number],
  bridge: readonly [number, number],
  temple: readonly [number, number],
): Pick<
  ProductData,
  'lensWidth' | 'bridgeWidth' | 'templeLength' | 'verticalLensSize' | 'smallestRawGlassDiameter'
> {
  const lensWidth = Math.min(
    62,
    Math.max(40, prng.int(lens[0], lens[1]) - (shape === 'round' ? 2 : 0)),
  )
  const bridgeWidth = prng.int(bridge[0], bridge[1])
  const templeLength = Math.round(prng.int(temple[0], temple[1]) / 5) * 5
  const verticalLensSize = Math.round(lensWidth * SHAPE_RATIO[shape]) + prng.int(-1, 1)
  // Effective diameter plus the decentration for a 64 mm PD and 2 mm edging allowance.
  const effective = Math.sqrt(lensWidth ** 2 + verticalLensSize ** 2) * 0.93
  const decentration = Math.max(0, (lensWidth + bridgeWidth - 64) / 2)
  const smallestRawGlassDiameter = Math.ceil(effective + 2 * decentration + 2)
  return { lensWidth, bridgeWidth, templeLength, verticalLensSize, smallestRawGlassDiameter }
}

function draftFrame(
  prng: Prng,
  category: DemoCategoryKey,
  profile: FrameProfile,
  modelNumber: ModelNumbers,
): ProductDraft {
  const brand = brandByName(prng.weighted(profile.brands))
  const collection = prng.pick(brand.collections)
  const children = profile.genders.includes('children')
  const material = prng.weighted(profile.materials)
  const metal = METALS.has(material)
  const shape = prng.weighted(profile.shapes)
  const frameType: FrameType = metal
    ? prng.weighted([
        ['fullRim', 6],
        ['halfRim', HALF_RIM_SHAPES.has(shape) ? 2.5 : 0],
        ['rimless', RIMLESS_SHAPES.has(shape) ? 2 : 0],
      ])
    : 'fullRim'
  const n = modelNumber(brand, children ? 100 : 1000, children ? 999 : 4999)
  const model = `${brand.prefix} ${n}`
  const palette = children && !metal ? KIDS_PALETTE : PALETTES[material]
  const extra = profile.genders.includes('women') && material === 'acetate' ? WOMEN_EXTRA : []
  const colors = pickColors(prng, [...new Set([...palette, ...extra])])
  const sizes = frameSizes(prng, shape, profile.lensWidth, profile.bridge, profile.temple)
  const weight = frameWeight(prng, material, children)
  const priceRange: Record<Material, [number, number]> = {
    acetate: [1290, 2990],
    metal: [1190, 2690],
    titanium: [2490, 4990],
    stainlessSteel: [1490, 2990],
    tr90: children ? [790, 1490] : [890, 1690],
    wood: [2990, 4490],
  }
  const [pMin, pMax] = priceRange[material]
  const data: ProductDraft['data'] = {
    code: `${brand.prefix}${n}`,
    kind: 'frame',
    manufacturer: brand.manufacturer,
    brand: brand.name,
    collection,
    model,
    series: `${brand.prefix} ${String(n).slice(0, children ? 1 : 2)}`,
    genders: [...profile.genders],
    shape,
    frameType,
    frameMaterial: material,
    ...(frameType === 'rimless' ? {} : { frontMaterial: material }),
    templeMaterial: templeMaterialFor(prng, material),
    ...sizes,
    weight,
    warrantyMonths: material === 'titanium' ? 36 : 24,
    piecesPerPackage: 1,
    minOrderQuantity: 1,
    quantityStep: 1,
    maxAmount: 10,
  }
  return {
    category,
    secondaryCategories: [],
    brand,
    data,
    text: { ...data, word: children ? 'childrenFrame' : 'frame' },
    priceCzk: czkPrice(prng, pMin, pMax),
    variants: colors.map((color) => ({ color })),
    images: (v) =>
      (['front', 'angle'] as const).map((view) => ({
        kind: 'frame',
        shape,
        frameType,
        color: v.color,
        view,
      })),
  }
}

function draftSunglasses(
  prng: Prng,
  category: DemoCategoryKey,
  profile: SunglassesProfile,
  modelNumber: ModelNumbers,
): ProductDraft {
  const brand = brandByName(prng.weighted(profile.brands))
  const collection = prng.pick(brand.collections)
  const material = prng.weighted(profile.materials)
  const metal = METALS.has(material)
  const shape = prng.weighted(profile.shapes)
  const frameType: FrameType =
    (metal || category === 'sport-sunglasses') && HALF_RIM_SHAPES.has(shape) && prng.chance(0.2)
      ? 'halfRim'
      : 'fullRim'
  const polarization = prng.chance(profile.polarizedShare)
  const colors = pickColors(prng, PALETTES[material])
  // The lens follows the frame colour within a category (black wears grey, tortoise brown…), so
  // sunglasses of one shape and colour share their pictures.
  const variants = colors.map((color) => ({
    color,
    lens: profile.lenses[PALETTES[material].indexOf(color) % profile.lenses.length] ?? 'grey',
  }))
  const mirror = variants.some((v) => v.lens === 'blueMirror')
  const tintLevel = mirror ? 3 : prng.weighted(profile.tint)
  const n = modelNumber(brand, 5000, 7999)
  const lensRange: [number, number] = shape === 'aviator' ? [57, 62] : [52, 60]
  const sizes = frameSizes(prng, shape, lensRange, profile.bridge, [135, 150])
  const secondary: DemoCategoryKey[] =
    polarization && category !== 'polarized-sunglasses' ? ['polarized-sunglasses'] : []
  const data: ProductDraft['data'] = {
    code: `${brand.prefix}${n}`,
    kind: 'sunglasses',
    manufacturer: brand.manufacturer,
    brand: brand.name,
    collection,
    model: `${brand.prefix} ${n}`,
    series: `${brand.prefix} ${String(n).slice(0, 2)}`,
    genders: [prng.weighted(profile.genders)],
    shape,
    frameType,
    frameMaterial: material,
    frontMaterial: material,
    templeMaterial: templeMaterialFor(prng, material),
    ...sizes,
    weight: prng.int(200, 380) / 10,
    polarization,
    tintLevel,
    warrantyMonths: 24,
    piecesPerPackage: 1,
    minOrderQuantity: 1,
    quantityStep: 1,
    maxAmount: 10,
  }
  const [pMin, pMax] = polarization ? [1490, 3990] : [690, 2990]
  return {
    category,
    secondaryCategories: secondary,
    brand,
    data,
    text: {
      ...data,
      word:
        category === 'fashion-sunglasses' && polarization ? 'polarizedSunglasses' : profile.word,
    },
    priceCzk: czkPrice(prng, pMin, pMax),
    variants,
    // Front view only: a three-quarter view per sunglasses colour would add ~130 pictures to the
    // first start, and the tinted front already tells the variants apart.
    images: (v) => [
      {
        kind: 'sunglasses',
        shape,
        frameType,
        color: v.color,
        lens: v.lens ?? 'grey',
        view: 'front',
      },
    ],
  }
}

function draftOptics(
  prng: Prng,
  category: DemoCategoryKey,
  optics: OpticsKind,
  modelNumber: ModelNumbers,
): ProductDraft {
  const brand = brandByName(
    prng.weighted([
      ['Lupex', 4],
      ['Fixora', 1],
    ]),
  )
  let magnification: number
  let lensWidth: number
  let construction: OpticalConstruction
  let weight: number
  let price: [number, number]
  let palette: DemoColorKey[]
  let collection: string | undefined
  switch (optics) {
    case 'readingMagnifier':
      magnification = prng.pick([1.5, 2, 2.5, 3, 3.5, 4])
      lensWidth = Math.round(110 - magnification * 14 + prng.int(-4, 4))
      construction = prng.weighted([
        ['biconvex', 2],
        ['aspheric', 2],
      ])
      weight = prng.int(80, 260)
      price = [290, 1490]
      palette = ['black', 'navy', 'red', 'grey', 'brown']
      collection = 'Lector'
      break
    case 'loupe':
      magnification = prng.pick([3, 5, 7, 8, 10])
      lensWidth = Math.round(40 - magnification * 2 + prng.int(-2, 2))
      construction = prng.weighted([
        ['achromaticDoublet', 2],
        ['aplanaticTriplet', 2],
        ['aspheric', 1],
      ])
      weight = prng.int(20, 90)
      price = [190, 1290]
      palette = ['black', 'navy', 'silver', 'red', 'olive']
      collection = 'Precision'
      break
    case 'binocularMagnifier':
      magnification = prng.pick([1.7, 2, 2.5, 3, 3.5])
      lensWidth = prng.int(20, 28)
      construction = 'galilean'
      weight = prng.int(45, 120)
      price = [890, 3490]
      palette = ['black', 'grey', 'navy', 'burgundy']
      collection = 'Duo'
      break
  }
  const n = modelNumber(brand, 100, 999)
  const data: ProductDraft['data'] = {
    code: `${brand.prefix}${n}`,
    kind: 'optics',
    manufacturer: brand.manufacturer,
    brand: brand.name,
    ...(brand.name === 'Lupex' ? { collection } : {}),
    model: `${brand.prefix} ${n}`,
    genders: ['unisex'],
    lensWidth,
    weight,
    magnification,
    opticalConstruction: construction,
    warrantyMonths: brand.name === 'Lupex' ? 36 : 24,
    piecesPerPackage: 1,
    minOrderQuantity: 1,
    quantityStep: 1,
    maxAmount: 20,
  }
  return {
    category,
    secondaryCategories: [],
    brand,
    data,
    text: { ...data, word: optics, construction },
    priceCzk: czkPrice(prng, price[0], price[1]),
    variants: pickColors(prng, palette).map((color) => ({ color })),
    images: (v) => [{ kind: 'optics', optics, color: v.color }],
  }
}

const TEMPLE_BRANDS: readonly DemoBrandName[] = [
  'Vistara',
  'Nordlys',
  'Ocello',
  'Aurelle',
  'Tessaro',
  'Miravel',
  'Pikolo',
]
const NOSE_PAD_SIZES = [11, 12, 13, 14, 15, 16, 17, 18] as const
const SCREW_SIZES = [
  'M1.2 × 2.5',
  'M1.4 × 3.0',
  'M1.4 × 3.5',
  'M1.6 × 4.0',
  'M1.6 × 5.5',
  'M1.4 × 8.0',
] as const
const CASE_BRANDS: readonly DemoBrandName[] = [
  'Vistara',
  'Nordlys',
  'Ocello',
  'Aurelle',
  'Tessaro',
  'Solvik',
  'Fixora',
  'Fixora',
]
const CLOTH_SIZES = [15, 18, 20, 30] as const

/** Spare parts are drafted by position, so each category gets a planned spread (one temple per collection). */
function draftSparePart(prng: Prng, category: DemoCategoryKey, position: number): ProductDraft {
  const fixora = brandByName('Fixora')
  const base = {
    genders: ['unisex'] as Gender[],
    minOrderQuantity: 1,
    quantityStep: 1,
    piecesPerPackage: 1,
    warrantyMonths: 24,
  }
  let part: SparePartKind
  let brand = fixora
  let data: ProductDraft['data']
  let size: string | undefined
  let priceCzk: number
  let palette: readonly DemoColorKey[]
  switch (category) {
    case 'temples': {
      part = 'temple'
      brand = brandByName(
        TEMPLE_BRANDS[Math.floor(position / 2) % TEMPLE_BRANDS.length] ?? 'Vistara',
      )
      const collection = brand.collections[position % 2] ?? brand.collections[0] ?? ''
      const material: Material =
        brand.name === 'Tessaro'
          ? 'titanium'
          : prng.weighted([
              ['acetate', 3],
              ['metal', 1],
            ])
      const kids = brand.name === 'Pikolo'
      const templeLength = kids ? prng.pick([120, 125, 130]) : prng.pick([135, 140, 145, 150])
      const abbr = slugify(collection).replace(/-/g, '').slice(0, 3).toUpperCase()
      data = {
        ...base,
        code: `${brand.prefix}T${abbr}${templeLength}`,
        kind: 'sparePart',
        sparePartKind: part,
        manufacturer: brand.manufacturer,
        brand: brand.name,
        collection,
        model: `T-${abbr}-${templeLength}`,
        frameMaterial: material,
        templeMaterial: material,
        templeLength,
        weight: prng.int(40, 90) / 10,
        maxAmount: 20,
      }
      priceCzk = czkPrice(prng, 190, 490)
      palette = kids ? KIDS_PALETTE : PALETTES[material]
      break
    }
    case 'nose-pads': {
      part = 'nosePad'
      const mm = NOSE_PAD_SIZES[position % NOSE_PAD_SIZES.length] ?? 15
      size = `${mm} mm`
      data = {
        ...base,
        code: `FXNP${mm}`,
        kind: 'sparePart',
        sparePartKind: part,
        manufacturer: fixora.manufacturer,
        brand: fixora.name,
        model: `NP-${mm}`,
        weight: 0.6,
        piecesPerPackage: 2,
        minOrderQuantity: 2,
        quantityStep: 2,
        maxAmount: 100,
      }
      priceCzk = prng.int(19, 39)
      palette = ['silver', 'gold', 'gunmetal']
      break
    }
    case 'screws': {
      part = 'screw'
      const thread = SCREW_SIZES[position % SCREW_SIZES.length] ?? 'M1.4 × 3.5'
      size = `${thread} mm`
      data = {
        ...base,
        code: `FXSC${thread.replace(/\D/g, '')}`,
        kind: 'sparePart',
        sparePartKind: part,
        manufacturer: fixora.manufacturer,
        brand: fixora.name,
        model: thread,
        weight: 0.1,
        // Screws go out in bags of ten; the cart counts pieces.
        piecesPerPackage: 10,
        minOrderQuantity: 10,
        quantityStep: 10,
        maxAmount: 500,
      }
      priceCzk = prng.int(4, 9)
      palette = ['silver', 'gold', 'matteBlack']
      break
    }
    case 'cases-and-cloths': {
      if (position < CASE_BRANDS.length) {
        part = 'case'
        brand = brandByName(CASE_BRANDS[position] ?? 'Fixora')
        const n = 200 + position * 10 + prng.int(0, 9)
        data = {
          ...base,
          code: `${brand.prefix}CS${n}`,
          kind: 'sparePart',
          sparePartKind: part,
          manufacturer: brand.manufacturer,
          brand: brand.name,
          model: `CS-${n}`,
          weight: prng.int(60, 140),
          maxAmount: 50,
        }
        priceCzk = czkPrice(prng, 190, 690)
        palette = ['black', 'navy', 'burgundy', 'tortoise', 'olive', 'red', 'grey', 'brown', 'pink']
      } else {
        part = 'cloth'
        const cm = CLOTH_SIZES[(position - CASE_BRANDS.length) % CLOTH_SIZES.length] ?? 18
        size = `${cm} × ${cm} cm`
        data = {
          ...base,
          code: `FXMC${cm}`,
          kind: 'sparePart',
          sparePartKind: part,
          manufacturer: fixora.manufacturer,
          brand: fixora.name,
          model: `MC-${cm}`,
          weight: Math.round(cm * cm * 0.02),
          maxAmount: 200,
        }
        priceCzk = prng.int(29, 89)
        palette = ['blue', 'grey', 'pink', 'olive', 'navy']
      }
      break
    }
    default:
      throw new Error(`No spare parts are planned for ${category}`)
  }
  return {
    category,
    secondaryCategories: [],
    brand,
    data,
    text: { ...data, word: part, ...(size === undefined ? {} : { size }) },
    priceCzk,
    variants: pickColors(prng, palette).map((color) => ({ color })),
    images: (v) => [{ kind: 'sparePart', part, color: v.color }],
  }
}

type ModelNumbers = ReturnType<typeof createModelNumbers>

function draftProducts(prng: Prng): ProductDraft[] {
  const modelNumber = createModelNumbers(prng)
  const drafts: ProductDraft[] = []
  for (const category of DEMO_CATEGORIES) {
    const frame = FRAME_PROFILES[category.key]
    const sun = SUNGLASSES_PROFILES[category.key]
    const optics = OPTICS_BY_CATEGORY[category.key]
    for (let i = 0; i < category.productCount; i++) {
      if (frame) drafts.push(draftFrame(prng, category.key, frame, modelNumber))
      else if (sun) drafts.push(draftSunglasses(prng, category.key, sun, modelNumber))
      else if (optics) drafts.push(draftOptics(prng, category.key, optics, modelNumber))
      else drafts.push(draftSparePart(prng, category.key, i))
    }
  }
  return drafts
}

// ---------------------------------------------------------------------------------------------
// Stock

function stockFor(prng: Prng, state: AvailabilityState, data: ProductDraft['data']): number {
  const step = data.quantityStep
  const bulk =
    data.sparePartKind === 'screw' ||
    data.sparePartKind === 'nosePad' ||
    data.sparePartKind === 'cloth'
  switch (state) {
    case 'inStock':
      return (bulk ? prng.int(20, 200) : prng.int(5, 40)) * step
    case 'lowStock':
      return prng.int(1, 4) * step
    case 'noFurtherDeliveries':
      // The last pieces go, then the item cannot be ordered any more.
      return prng.chance(0.5) ? prng.int(1, 3) * step : 0
    case 'outOfStock':
    case 'endOfProduction':
      return 0
  }
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------------------------
// The plan

/**
 * Plans the whole demo catalogue in memory: tree nodes, products with variants, stock and the
 * pictures they need. Ids are assigned here (the tree is empty when the demo is seeded), so
 * relations between products can be filled in before anything is written.
 */
export function planDemoCatalogue(): DemoCataloguePlan {
  const prng = createPrng(DEMO_SEED)
  let nextId = ROOT_OBJECT_ID
  const nodes: PlannedNode[] = []
  function addNode(node: Omit<PlannedNode, 'id' | 'index'>): PlannedNode {
    const siblings = nodes.filter((n) => n.parentId === node.parentId).length
    const planned: PlannedNode = { ...node, id: nextId++, index: siblings }
    nodes.push(planned)
    return planned
  }
  const fullPath = (node: PlannedNode) => `${node.path}${node.key}/`

  const root = addNode({
    parentId: null,
    type: 'folder',
    key: '',
    path: '/',
    classId: null,
    data: {},
  })
  const categoriesFolder = addNode({
    parentId: root.id,
    type: 'folder',
    key: 'Categories',
    path: '/',
    classId: null,
    data: {},
  })
  const productsFolder = addNode({
    parentId: root.id,
    type: 'folder',
    key: 'Products',
    path: '/',
    classId: null,
    data: {},
  })
  const brandsFolder = addNode({
    parentId: root.id,
    type: 'folder',
    key: 'Brands',
    path: '/',
    classId: null,
    data: {},
  })

  const categoryNodes = new Map<DemoCategoryKey, PlannedNode>()
  for (const category of DEMO_CATEGORIES) {
    const parent = category.parent ? categoryNodes.get(category.parent) : categoriesFolder
    if (!parent) throw new Error(`Category ${category.key} is listed before its parent`)
    const slug = Object.fromEntries(LOCALES.map((l) => [l, slugify(category.name[l])]))
    categoryNodes.set(
      category.key,
      addNode({
        parentId: parent.id,
        type: 'object',
        key: category.key,
        path: parent === categoriesFolder ? '/Categories/' : fullPath(parent),
        classId: 'Category',
        data: { name: { ...category.name }, slug, description: { ...category.description } },
      }),
    )
  }

  for (const brand of DEMO_BRANDS) {
    addNode({
      parentId: brandsFolder.id,
      type: 'object',
      key: brand.name,
      path: '/Brands/',
      classId: 'Brand',
      data: {
        name: brand.name,
        manufacturer: brand.manufacturer,
        country: brand.country,
        founded: brand.founded,
        description: describeBrand(brand),
      },
    })
  }

  const drafts = draftProducts(prng)

  // Products live in one folder per brand, so the back-office tree stays browsable.
  const brandFolders = new Map<string, PlannedNode>()
  for (const brand of DEMO_BRANDS) {
    if (!drafts.some((d) => d.brand.name === brand.name)) continue
    brandFolders.set(
      brand.name,
      addNode({
        parentId: productsFolder.id,
        type: 'folder',
        key: brand.name,
        path: '/Products/',
        classId: null,
        data: {},
      }),
    )
  }

  const reference = new Date(`${DEMO_REFERENCE_DATE}T00:00:00Z`)
  const images = new Map<string, ProductImageSpec>()
  const productIds: number[] = []
  for (let i = 0; i < drafts.length; i++) productIds.push(nextId++)
  const products: PlannedProduct[] = []
  const childCount = new Map<number, number>()

  for (const [i, draft] of drafts.entries()) {
    const folder = brandFolders.get(draft.brand.name)
    if (!folder) throw new Error(`No folder for brand ${draft.brand.name}`)
    const daysAgo = prng.int(0, 3 * 365)
    const released = new Date(reference.getTime() - daysAgo * 86_400_000)
    const outlet = daysAgo > 365 && prng.chance(0.09)
    const action = !outlet && prng.chance(0.13)
    const bestseller = prng.chance(0.08)
    const statuses: ProductStatus[] = []
    if (daysAgo <= 120) statuses.push('new')
    if (action) statuses.push('action')
    if (outlet) statuses.push('outlet')
    if (bestseller) statuses.push('bestseller')
    if (prng.chance(0.04)) statuses.push('exclusive')
    if (!action && !outlet && prng.chance(0.03)) statuses.push('originalPrice')
    const discount = outlet ? prng.pick([0.5, 0.6]) : prng.pick([0.7, 0.75, 0.8, 0.85, 0.9])
    const actionCzk =
      action || outlet ? Math.round((draft.priceCzk * discount) / 10) * 10 : undefined

    const texts = localizeProductTexts(draft.text)
    const index = childCount.get(folder.id) ?? 0
    childCount.set(folder.id, index + 1)
    const key = slugify(draft.data.code)
    const id = productIds[i] ?? 0
    const categoryIds = [draft.category, ...draft.secondaryCategories].map(
      (k) => categoryNodes.get(k)?.id ?? 0,
    )

    const variants: PlannedVariant[] = draft.variants.map((v, vIndex) => {
      const color = demoColor(v.color)
      const tint = v.lens ? lensTint(v.lens) : undefined
      const name = Object.fromEntries(
        LOCALES.map((l) => [l, tint ? `${color.name[l]} / ${tint.name[l]}` : color.name[l]]),
      )
      const specs = draft.images(v)
      const imageFiles = specs.map((spec) => {
        const file = productImageFileName(spec)
        images.set(file, spec)
        return file
      })
      const availability = prng.weighted(outlet ? OUTLET_AVAILABILITY : AVAILABILITY_WEIGHTS)
      return {
        id: 0,
        key: tint ? `${v.color}-${v.lens}` : v.color,
        index: vIndex,
        code: `${draft.data.code}-${color.code}${tint ? `-${tint.code}` : ''}`,
        color: { key: color.key, css: color.css, name },
        availability,
        stock: stockFor(prng, availability, draft.data),
        imageFiles,
      }
    })

    products.push({
      id,
      parentId: folder.id,
      key,
      path: fullPath(folder),
      index,
      createdAt: released,
      variants,
      data: {
        ...draft.data,
        ...texts,
        categoryIds,
        prices: pricesFromCzk(draft.priceCzk, actionCzk),
        statuses,
        bestseller,
        featured: false,
        releasedAt: isoDate(released),
        relatedProductIds: [],
        sparePartIds: [],
      },
    })
  }

  // Variants get ids after all products, so product ids stay one contiguous range.
  for (const product of products) {
    for (const variant of product.variants) variant.id = nextId++
  }

  linkProducts(prng, drafts, products)
  pickFeatured(prng, products)

  // Each category shows the front picture of the first product under it.
  for (const category of DEMO_CATEGORIES) {
    const node = categoryNodes.get(category.key)
    if (!node) continue
    const keys = new Set<string>([category.key])
    for (const c of DEMO_CATEGORIES) if (c.parent === category.key) keys.add(c.key)
    const first = drafts.findIndex((d) => keys.has(d.category))
    const file = products[first]?.variants[0]?.imageFiles[0]
    if (file) node.imageFile = file
  }

  const brandIds = new Map(
    nodes.filter((n) => n.classId === 'Brand').map((n) => [String(n.data.name), n.id]),
  )
  planShopContent(addNode, rootId(nodes), categoryNodes, products, brandIds)

  return { nodes, products, images }
}

function rootId(nodes: readonly PlannedNode[]): number {
  return nodes[0]?.id ?? ROOT_OBJECT_ID
}

/** Categories whose list shows the full frame filter panel (seed section 2, "Filter side panel"). */
const FRAME_FILTER_ROOTS: ReadonlySet<string> = new Set(['frames', 'sunglasses'])

/**
 * Filter definitions for the categories, and the shop's other content classes: dealers, articles,
 * a gallery, a partner price list and promo material. Planned after the products so the ids of
 * everything before stay as they were.
 */
function planShopContent(
  addNode: (node: Omit<PlannedNode, 'id' | 'index'>) => PlannedNode,
  rootObjectId: number,
  categoryNodes: ReadonlyMap<DemoCategoryKey, PlannedNode>,
  products: readonly PlannedProduct[],
  /** Brand object ids by name (the dealers' brands). */
  brandIds: ReadonlyMap<string, number>,
): void {
  const folder = (key: string) =>
    addNode({ parentId: rootObjectId, type: 'folder', key, path: '/', classId: null, data: {} })
  const object = (parent: PlannedNode, classId: string, key: string, data: object) =>
    addNode({
      parentId: parent.id,
      type: 'object',
      key,
      path: `/${parent.key}/`,
      classId,
      data: { ...data },
    })

  const filtersFolder = folder('Filters')
  const brand = { name: 'brand', titleKey: 'filter.brand', type: 'multiselect', column: 'brand' }
  const color = { name: 'color', titleKey: 'filter.color', type: 'color', column: 'color' }
  // Searches the category; matches elsewhere are listed under 'Found in other categories'
  // (docs/decisions/023-category-listing-rules.md).
  const model = {
    name: 'model',
    titleKey: 'filter.modelSearch',
    type: 'text',
    column: 'model',
    searchType: 'category',
  }
  // The specification table's frame fields, as filters (issue 21).
  const option = (name: 'shape' | 'frameType' | 'frameMaterial') => ({
    name,
    titleKey: `product.${name}`,
    type: 'multiselect',
    column: name,
  })
  const frameFilters = object(filtersFolder, 'FilterDefinition', 'frames', {
    name: 'Frames and sunglasses',
    pageSizeOptions: ['12', '24', '48'],
    defaultSort: 'new',
    filters: [
      brand,
      color,
      model,
      {
        name: 'intendedFor',
        titleKey: 'filter.intendedFor',
        type: 'multiselect',
        column: 'genders',
      },
      option('shape'),
      option('frameType'),
      option('frameMaterial'),
      // One checkbox: the clearance status (CLEARANCE_STATUSES), not every badge.
      {
        name: 'clearance',
        titleKey: 'filter.clearance',
        type: 'multiselect',
        column: 'clearance',
      },
      {
        name: 'lensWidth',
        titleKey: 'filter.lensWidth',
        type: 'range',
        column: 'lensWidth',
        unit: 'mm',
        rangeMin: 0,
        rangeMax: 62,
      },
      {
        name: 'bridgeWidth',
        titleKey: 'filter.bridgeWidth',
        type: 'range',
        column: 'bridgeWidth',
        unit: 'mm',
        rangeMin: 0,
        rangeMax: 24,
      },
    ],
  })
  const basicFilters = object(filtersFolder, 'FilterDefinition', 'basic', {
    name: 'Optics and spare parts',
    pageSizeOptions: ['12', '24', '48'],
    // The seed's default: these lists open newest first like every other (issue 21).
    defaultSort: 'new',
    filters: [brand, color, model],
  })
  for (const category of DEMO_CATEGORIES) {
    const node = categoryNodes.get(category.key)
    if (!node) continue
    const top = category.parent ?? category.key
    const hasChildren = DEMO_CATEGORIES.some((c) => c.parent === category.key)
    node.data = {
      ...node.data,
      filterDefinitionId: FRAME_FILTER_ROOTS.has(top) ? frameFilters.id : basicFilters.id,
      showSubcategoryProducts: hasChildren,
    }
  }

  const dealers = folder('Dealers')
  for (const dealer of demoDealerObjects((name) => brandIds.get(name))) {
    object(dealers, 'Dealer', dealer.key, dealer.data)
  }

  const frontPictures = products.flatMap((p) => p.variants[0]?.imageFiles.slice(0, 1) ?? [])
  const articles = folder('Articles')
  // Related products a reader can put in the cart at once: in stock, with pieces on hand.
  const orderable = products.filter((p) => {
    const first = p.variants[0]
    return first !== undefined && first.availability === 'inStock' && first.stock > 0
  })
  for (const [i, article] of DEMO_ARTICLES.entries()) {
    const picture = frontPictures[(i * 3 + 1) % Math.max(1, frontPictures.length)]
    // The body's picture is one of the shop's own (the storefront draws only /media/ pictures).
    const figure = picture
      ? `<img src="/media/large/products/${encodeURIComponent(picture)}" alt="" width="960" height="720">`
      : ''
    const related = [0, 1, 2].flatMap((n) => orderable[(i * 5 + n * 7) % orderable.length] ?? [])
    const node = object(articles, 'Article', article.key, {
      title: article.title,
      perex: article.perex,
      body: Object.fromEntries(
        LOCALES.map((locale) => [
          locale,
          `<p>${article.body[0][locale]}</p>${figure}<p>${article.body[1][locale]}</p>`,
        ]),
      ),
      date: article.date,
      author: article.author,
      category: article.category,
      relatedProductIds: [...new Set(related.map((p) => p.id))],
    })
    const cover = frontPictures[i]
    if (cover) node.imageFile = cover
  }

  planDemoGalleries(folder('Galleries'), object, products)

  const priceLists = folder('PriceLists')
  const listed = products.slice(0, 5)
  object(priceLists, 'PriceList', 'partner-czk', {
    name: 'Partner CZK',
    currency: 'CZK',
    discountPercent: 20,
    items: listed.map((p) => ({
      product: p.id,
      price: Math.round(((p.data.prices.CZK?.catalog ?? 0) * 0.7) / 100) * 100,
    })),
  })

  const promo = folder('PromoMaterials')
  const leaflet = object(promo, 'PromoMaterial', 'shop-window-leaflet', {
    title: {
      cs: 'Leták do výlohy',
      en: 'Shop window leaflet',
      hu: 'Kirakati szórólap',
      pl: 'Ulotka na witrynę',
      ro: 'Pliant pentru vitrină',
      sk: 'Leták do výkladu',
    },
    description: {
      cs: '<p>Plakát s novou kolekcí pro partnery.</p>',
      en: '<p>A poster of the new collection for partners.</p>',
      hu: '<p>Plakát az új kollekcióval partnereknek.</p>',
      pl: '<p>Plakat z nową kolekcją dla partnerów.</p>',
      ro: '<p>Afiș cu noua colecție pentru parteneri.</p>',
      sk: '<p>Plagát s novou kolekciou pre partnerov.</p>',
    },
  })
  leaflet.galleryFiles = { field: 'fileIds', files: [...new Set(frontPictures)].slice(0, 2) }
}

/** A demo gallery: its texts and the kind of products whose pictures it shows. */
interface DemoGallery {
  readonly key: string
  readonly kind: PlannedProduct['data']['kind']
  readonly date: string
  readonly title: LocalizedText
  readonly description: LocalizedText
}

const DEMO_GALLERIES: readonly DemoGallery[] = [
  {
    key: 'new-collection',
    kind: 'frame',
    date: '2026-10-01',
    title: {
      cs: 'Nová kolekce',
      en: 'New collection',
      hu: 'Új kollekció',
      pl: 'Nowa kolekcja',
      ro: 'Colecție nouă',
      sk: 'Nová kolekcia',
    },
    description: {
      cs: 'Obruby letošního podzimu v barvách, které jsme pro vás vybrali.',
      en: 'This autumn’s frames in the colours we picked for you.',
      hu: 'Az idei ősz keretei az általunk választott színekben.',
      pl: 'Oprawki tej jesieni w kolorach, które dla Ciebie wybraliśmy.',
      ro: 'Ramele din această toamnă, în culorile alese pentru tine.',
      sk: 'Rámy tejto jesene vo farbách, ktoré sme pre vás vybrali.',
    },
  },
  {
    key: 'summer-sunglasses',
    kind: 'sunglasses',
    date: '2026-06-21',
    title: {
      cs: 'Sluneční brýle na léto',
      en: 'Sunglasses for the summer',
      hu: 'Napszemüvegek nyárra',
      pl: 'Okulary przeciwsłoneczne na lato',
      ro: 'Ochelari de soare pentru vară',
      sk: 'Slnečné okuliare na leto',
    },
    description: {
      cs: 'Od klasických pilotek po sportovní štíty — s ochranou UV400.',
      en: 'From classic aviators to sports shields — all with UV400 protection.',
      hu: 'A klasszikus pilótaszemüvegtől a sportos pajzsig — UV400 védelemmel.',
      pl: 'Od klasycznych pilotek po sportowe osłony — z ochroną UV400.',
      ro: 'De la aviatorii clasici la modelele sport — toate cu protecție UV400.',
      sk: 'Od klasických pilotiek po športové štíty — s ochranou UV400.',
    },
  },
  {
    key: 'care-and-accessories',
    kind: 'optics',
    date: '2026-03-10',
    title: {
      cs: 'Péče o brýle',
      en: 'Caring for your glasses',
      hu: 'Szemüvegápolás',
      pl: 'Pielęgnacja okularów',
      ro: 'Îngrijirea ochelarilor',
      sk: 'Starostlivosť o okuliare',
    },
    description: {
      cs: 'Pouzdra, utěrky a doplňky, se kterými vaše brýle vydrží déle.',
      en: 'Cases, cloths and accessories that make your glasses last longer.',
      hu: 'Tokok, törlőkendők és kiegészítők, hogy a szemüveged tovább tartson.',
      pl: 'Etui, ściereczki i akcesoria, dzięki którym okulary posłużą dłużej.',
      ro: 'Etuiuri, lavete și accesorii care îți fac ochelarii să reziste mai mult.',
      sk: 'Puzdrá, utierky a doplnky, s ktorými vaše okuliare vydržia dlhšie.',
    },
  },
  {
    key: 'from-the-workshop',
    kind: 'sparePart',
    date: '2025-11-20',
    title: {
      cs: 'Z naší dílny',
      en: 'From our workshop',
      hu: 'A műhelyünkből',
      pl: 'Z naszego warsztatu',
      ro: 'Din atelierul nostru',
      sk: 'Z našej dielne',
    },
    description: {
      cs: 'Stranice, sedýlka a šroubky, kterými opravíme i starší obruby.',
      en: 'Temples, nose pads and screws we use to repair older frames too.',
      hu: 'Szárak, orrpárnák és csavarok, amelyekkel a régebbi kereteket is megjavítjuk.',
      pl: 'Zauszniki, noski i śrubki, którymi naprawimy też starsze oprawki.',
      ro: 'Brațe, plăcuțe nazale și șuruburi cu care reparăm și rame mai vechi.',
      sk: 'Stranice, sedlá a skrutky, ktorými opravíme aj staršie rámy.',
    },
  },
]

/** Pictures in one demo album (the lightbox's "3 / 12"). */
const DEMO_GALLERY_SIZE = 12

/**
 * Four galleries of product pictures, each picture captioned in the six languages with the
 * product's name and colour (the asset's `title` metadata, which the album shows).
 */
function planDemoGalleries(
  parent: PlannedNode,
  object: (parent: PlannedNode, classId: string, key: string, data: object) => PlannedNode,
  products: readonly PlannedProduct[],
): void {
  for (const gallery of DEMO_GALLERIES) {
    const captions = new Map<string, LocalizedText>()
    for (const product of products) {
      if (product.data.kind !== gallery.kind) continue
      for (const variant of product.variants) {
        const file = variant.imageFiles[0]
        if (!file || captions.has(file) || captions.size >= DEMO_GALLERY_SIZE) continue
        captions.set(
          file,
          Object.fromEntries(
            LOCALES.map((locale) => {
              const name = localize(product.data.name, locale)
              const colour = localize(variant.color.name, locale)
              return [locale, colour ? `${name} – ${colour}` : name]
            }),
          ),
        )
      }
    }
    const node = object(parent, 'Gallery', gallery.key, {
      title: gallery.title,
      description: gallery.description,
      date: gallery.date,
    })
    node.galleryFiles = { field: 'imageIds', files: [...captions.keys()] }
    node.galleryCaptions = captions
  }
}

/** Related products (same category) and, for frames, compatible temples, nose pads and screws. */
function linkProducts(prng: Prng, drafts: ProductDraft[], products: PlannedProduct[]): void {
  const byCategory = new Map<DemoCategoryKey, PlannedProduct[]>()
  for (const [i, draft] of drafts.entries()) {
    const product = products[i]
    if (!product) continue
    byCategory.set(draft.category, [...(byCategory.get(draft.category) ?? []), product])
  }
  const temples = byCategory.get('temples') ?? []
  const nosePads = byCategory.get('nose-pads') ?? []
  const screws = byCategory.get('screws') ?? []

  for (const [i, draft] of drafts.entries()) {
    const product = products[i]
    if (!product) continue
    const peers = (byCategory.get(draft.category) ?? []).filter((p) => p.id !== product.id)
    product.data.relatedProductIds = prng.sample(peers, prng.int(2, 4)).map((p) => p.id)

    if (product.data.kind !== 'frame') continue
    const spareParts: number[] = []
    for (const temple of temples) {
      if (
        temple.data.brand === product.data.brand &&
        temple.data.collection === product.data.collection
      ) {
        spareParts.push(temple.id)
      }
    }
    const material = product.data.frameMaterial
    if (material && METALS.has(material)) {
      // Adult fronts take 14–16 mm pads, children's 11–13 mm.
      const sizes = product.data.genders.includes('children') ? [11, 12, 13] : [14, 15, 16]
      const fitting = nosePads.filter((p) => sizes.some((s) => p.data.model === `NP-${s}`))
      spareParts.push(...prng.sample(fitting, prng.int(1, 2)).map((p) => p.id))
    }
    const screw =
      product.data.frameType === 'rimless'
        ? screws.find((s) => s.data.model === 'M1.4 × 8.0')
        : prng.pick(screws.filter((s) => s.data.model !== 'M1.4 × 8.0'))
    if (screw) spareParts.push(screw.id)
    product.data.sparePartIds = spareParts
  }
}

function pickFeatured(prng: Prng, products: PlannedProduct[]): void {
  const candidates = products.filter(
    (p) =>
      (p.data.kind === 'frame' || p.data.kind === 'sunglasses') &&
      !p.data.statuses.includes('outlet') &&
      p.variants.some((v) => v.availability === 'inStock'),
  )
  for (const product of prng.sample(candidates, FEATURED_PRODUCT_COUNT))
    product.data.featured = true
}
