import type { AvailabilityState } from '@optika/domain/catalogue/availability'
import type { ProductData, VariantData } from '@optika/domain/catalogue/product-data'
import type { Db } from '../../platform/db/client.ts'
import { stockLevels } from '../../platform/db/schema/commerce.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'
import { frameData, insertListFixture, LIST_FIXTURE } from '../product-list/product-list-fixture.ts'

/**
 * The product-list shop (LIST_FIXTURE) plus products for product-page tests (not a test file):
 * a frame with every shop attribute and five colour variants, one per stock state; an
 * unpublished product with a published variant; a spare part without variants; an unpublished
 * variant. Ids are fixed.
 */
export const DETAIL_FIXTURE = {
  list: LIST_FIXTURE,
  frame: 3000,
  /** One variant per availability state, in tree order; pieces on hand in `stock`. */
  variants: {
    inStock: 3001,
    lowStock: 3002,
    outOfStock: 3003,
    noFurtherDeliveries: 3004,
    endOfProduction: 3005,
  },
  stock: { 3001: 5, 3002: 0, 3003: 4, 3004: 2, 3005: 9, 3011: 3 } as Record<number, number>,
  hiddenVariant: 3006,
  unpublished: 3010,
  unpublishedVariant: 3012,
  sparePart: 3011,
  /** Asset ids: the first two are the black variant's, the third the spare part's. */
  images: { front: 3100, side: 3101, part: 3102, product: 3103 },
} as const

const D = DETAIL_FIXTURE

export const DETAIL_FRAME: ProductData = {
  ...frameData(7),
  code: 'VX-5218',
  name: { cs: 'Vistara Lumen', en: 'Vistara Lumen' },
  slug: { cs: 'vistara-lumen', en: 'vistara-lumen' },
  description: { cs: 'Lehká obruba.', en: 'A light frame.' },
  manufacturer: 'Optika Works',
  brand: 'Vistara',
  collection: 'Nordic',
  model: 'Lumen',
  series: 'L-2026',
  categoryIds: [LIST_FIXTURE.categories.womens],
  genders: ['women'],
  ageGroups: ['adults'],
  shape: 'catEye',
  frameType: 'fullRim',
  frameMaterial: 'acetate',
  frontMaterial: 'acetate',
  templeMaterial: 'titanium',
  lensWidth: 52,
  bridgeWidth: 18,
  templeLength: 140,
  verticalLensSize: 40,
  weight: 28.5,
  polarization: true,
  tintLevel: 3,
  warrantyMonths: 24,
  piecesPerPackage: 1,
  minOrderQuantity: 2,
  quantityStep: 2,
  maxAmount: 10,
  imageIds: [D.images.product],
  prices: { ...frameData(7).prices, CZK: { catalog: 100_000 }, EUR: { catalog: 4_000 } },
  statuses: ['new', 'action'],
  relatedProductIds: [LIST_FIXTURE.frame(1), D.unpublished, D.sparePart],
  sparePartIds: [D.sparePart, D.unpublished],
}

const { lensWidth: _lens, bridgeWidth: _bridge, ...frameBase } = frameData(8)
const SPARE_PART: ProductData = {
  ...frameBase,
  code: 'SP-TMP',
  kind: 'sparePart',
  name: { cs: 'Stranice', en: 'Temple' },
  slug: { en: 'temple' },
  categoryIds: [LIST_FIXTURE.categories.plain],
  genders: ['unisex'],
  sparePartKind: 'temple',
  availability: 'inStock',
  imageIds: [D.images.part],
  minOrderQuantity: 1,
  quantityStep: 1,
  prices: { ...frameBase.prices, CZK: { catalog: 20_000 } },
}

function variant(
  code: string,
  availability: AvailabilityState,
  en: string,
  cs: string,
  imageIds: number[] = [],
): VariantData {
  return {
    code,
    colorKey: en.toLowerCase(),
    colorCss: '#111111',
    colorName: { cs, en },
    imageIds,
    availability,
  }
}

export async function insertDetailFixture(db: Db): Promise<void> {
  await insertListFixture(db)
  await db.insert(assets).values(
    Object.entries(D.images).map(([key, id]) => ({
      id,
      type: 'image' as const,
      key: `${key}.webp`,
      path: '/',
      mimeType: 'image/webp',
      width: key === 'part' ? 400 : 1200,
      height: key === 'part' ? 400 : 900,
      storageKey: `products/${key}.webp`,
    })),
  )
  const product = (id: number, data: ProductData, published = true) => ({
    id,
    parentId: 3,
    type: 'object' as const,
    key: data.code,
    path: '/Products/',
    published,
    classId: 'Product',
    data,
  })
  const variantRow = (id: number, parentId: number, index: number, data: VariantData) => ({
    id,
    parentId,
    type: 'variant' as const,
    key: data.code,
    path: `/Products/${parentId}/`,
    index,
    published: id !== D.hiddenVariant,
    classId: 'Product',
    data,
  })
  await db
    .insert(objects)
    .values([
      product(D.frame, DETAIL_FRAME),
      product(D.unpublished, { ...frameData(9), code: 'UN-01' }, false),
      product(D.sparePart, SPARE_PART),
    ])
  const v = D.variants
  await db
    .insert(objects)
    .values([
      variantRow(
        v.inStock,
        D.frame,
        0,
        variant('VX-BK', 'inStock', 'Black', 'Černá', [D.images.front, D.images.side]),
      ),
      variantRow(v.lowStock, D.frame, 1, variant('VX-HV', 'lowStock', 'Havana', 'Havana')),
      variantRow(v.outOfStock, D.frame, 2, variant('VX-BL', 'outOfStock', 'Blue', 'Modrá')),
      variantRow(
        v.noFurtherDeliveries,
        D.frame,
        3,
        variant('VX-RD', 'noFurtherDeliveries', 'Red', 'Červená'),
      ),
      variantRow(
        v.endOfProduction,
        D.frame,
        4,
        variant('VX-GR', 'endOfProduction', 'Green', 'Zelená'),
      ),
      variantRow(D.hiddenVariant, D.frame, 5, variant('VX-XX', 'inStock', 'Pink', 'Růžová')),
      variantRow(
        D.unpublishedVariant,
        D.unpublished,
        0,
        variant('UN-BK', 'inStock', 'Black', 'Černá', [D.images.front]),
      ),
    ])
  await db
    .insert(stockLevels)
    .values(Object.entries(D.stock).map(([id, quantity]) => ({ objectId: Number(id), quantity })))
  await updateProductIndex(db, [D.frame, D.unpublished, D.sparePart])
}
