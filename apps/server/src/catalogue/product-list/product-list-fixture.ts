import type {
  CategoryData,
  FilterDefinitionData,
  PriceListData,
  ProductData,
  VariantData,
} from '@optika/domain/catalogue/product-data'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'

/**
 * A shop for product-list tests (not a test file): 30 frames in two subcategories of "Frames"
 * with brands, genders, sizes, colours and prices; three sunglasses; a frame in a hidden
 * category; a category without a filter definition; a partner price list. Ids are fixed.
 */
export const LIST_FIXTURE = {
  categories: {
    frames: 10,
    sunglasses: 11,
    womens: 12,
    mens: 13,
    hidden: 14,
    underHidden: 15,
    plain: 16,
  },
  definitions: { frames: 40, basic: 41 },
  priceList: 50,
  /** Frame i (0–29) has id 100 + i. */
  frame: (i: number) => 100 + i,
  frameCount: 30,
  sunglasses: { aviator: 200, wayfarer: 201, club: 202 },
  hiddenAviator: 210,
  plainProduct: 220,
  brands: ['Vistara', 'Nordlys', 'Ocello'] as const,
} as const

const F = LIST_FIXTURE

export const FRAMES_DEFINITION: FilterDefinitionData = {
  name: 'Frames',
  pageSizeOptions: ['12', '24', '48'],
  defaultSort: 'new',
  filters: [
    { name: 'brand', titleKey: 'filter.brand', type: 'multiselect', column: 'brand' },
    { name: 'color', titleKey: 'filter.color', type: 'color', column: 'color' },
    {
      name: 'model',
      titleKey: 'filter.modelSearch',
      type: 'text',
      column: 'model',
      searchType: 'category',
    },
    { name: 'gender', titleKey: 'filter.intendedFor', type: 'multiselect', column: 'genders' },
    { name: 'status', titleKey: 'filter.clearance', type: 'multiselect', column: 'statuses' },
    {
      name: 'lensWidth',
      titleKey: 'filter.lensWidth',
      type: 'range',
      column: 'lensWidth',
      unit: 'mm',
      rangeMin: 40,
      rangeMax: 62,
    },
    {
      name: 'bridgeWidth',
      titleKey: 'filter.bridgeWidth',
      type: 'range',
      column: 'bridgeWidth',
      unit: 'mm',
    },
  ],
}

export const BASIC_DEFINITION: FilterDefinitionData = {
  name: 'Basic',
  pageSizeOptions: ['12', '48'],
  defaultSort: 'name',
  filters: [
    { name: 'brand', titleKey: 'filter.brand', type: 'multiselect', column: 'brand' },
    {
      name: 'model',
      titleKey: 'filter.modelSearch',
      type: 'text',
      column: 'model',
      searchType: 'all',
    },
  ],
}

export const PARTNER_PRICE_LIST: PriceListData = {
  name: 'Partners',
  currency: 'CZK',
  discountPercent: 10,
  items: [{ product: F.frame(0), price: 70_000 }],
}

/** Frame i: brand, gender, sizes, release date and price all follow from i. */
export function frameData(i: number): ProductData {
  return {
    code: `FR-${String(i).padStart(2, '0')}`,
    kind: 'frame',
    name: { cs: `Obruba ${String(i).padStart(2, '0')}`, en: `Frame ${String(i).padStart(2, '0')}` },
    slug: { cs: `obruba-${i}`, en: `frame-${i}` },
    description: {},
    manufacturer: 'Optika Works',
    brand: F.brands[i % 3] ?? 'Vistara',
    model: i === 5 ? 'Aviator X' : `M${i}`,
    categoryIds: [i % 2 === 0 ? F.categories.womens : F.categories.mens],
    genders: [i % 2 === 0 ? 'women' : 'men'],
    lensWidth: 44 + (i % 15),
    bridgeWidth: 14 + (i % 6),
    warrantyMonths: 24,
    piecesPerPackage: 1,
    minOrderQuantity: 1,
    quantityStep: 1,
    prices: {
      CZK: i === 3 ? { catalog: 103_000, action: 51_500 } : { catalog: 100_000 + i * 1_000 },
      EUR: { catalog: 4_000 + i * 10 },
      HUF: { catalog: 4_000_000 + i * 10_000 },
      PLN: { catalog: 40_000 + i * 100 },
      RON: { catalog: 50_000 + i * 100 },
    },
    statuses: i % 5 === 0 ? ['outlet'] : ['new'],
    bestseller: false,
    featured: false,
    releasedAt: `2026-01-${String(i + 1).padStart(2, '0')}`,
    relatedProductIds: [],
    sparePartIds: [],
  }
}

function otherProduct(
  code: string,
  name: string,
  model: string,
  categoryId: number,
  kind: ProductData['kind'] = 'sunglasses',
): ProductData {
  return {
    ...frameData(0),
    code,
    kind,
    name: { cs: name, en: name },
    slug: { en: code.toLowerCase() },
    brand: 'Sola',
    model,
    categoryIds: [categoryId],
    genders: ['unisex'],
    releasedAt: '2025-06-01',
  }
}

function variant(code: string, key: string, css: string, cs: string, en: string): VariantData {
  return {
    code,
    colorKey: key,
    colorCss: css,
    colorName: { cs, en },
    imageIds: [],
    availability: 'inStock',
  }
}

export async function insertListFixture(db: Db): Promise<void> {
  const c = F.categories
  const folder = (id: number, parentId: number | null, key: string, path: string) => ({
    id,
    parentId,
    type: 'folder' as const,
    key,
    path,
    published: true,
    data: {},
  })
  await db.insert(objects).values(folder(1, null, '', '/'))
  await db
    .insert(objects)
    .values([
      folder(2, 1, 'Categories', '/'),
      folder(3, 1, 'Products', '/'),
      folder(4, 1, 'Filters', '/'),
      folder(5, 1, 'PriceLists', '/'),
    ])
  const object = (
    id: number,
    parentId: number,
    key: string,
    path: string,
    classId: string,
    data: object,
    published = true,
  ) => ({ id, parentId, type: 'object' as const, key, path, published, classId, data })
  await db
    .insert(objects)
    .values([
      object(F.definitions.frames, 4, 'frames', '/Filters/', 'FilterDefinition', FRAMES_DEFINITION),
      object(F.definitions.basic, 4, 'basic', '/Filters/', 'FilterDefinition', BASIC_DEFINITION),
      object(F.priceList, 5, 'partners', '/PriceLists/', 'PriceList', PARTNER_PRICE_LIST),
    ])
  const category = (
    en: string,
    cs: string,
    filterDefinitionId?: number,
    showSubcategoryProducts?: boolean,
  ): CategoryData => ({
    name: { cs, en },
    slug: { cs: cs.toLowerCase().replace(/\W+/g, '-'), en: en.toLowerCase().replace(/\W+/g, '-') },
    description: {},
    ...(filterDefinitionId === undefined ? {} : { filterDefinitionId }),
    ...(showSubcategoryProducts === undefined ? {} : { showSubcategoryProducts }),
  })
  await db
    .insert(objects)
    .values([
      object(
        c.frames,
        2,
        'frames',
        '/Categories/',
        'Category',
        category('Frames', 'Obruby', F.definitions.frames, true),
      ),
      object(
        c.sunglasses,
        2,
        'sunglasses',
        '/Categories/',
        'Category',
        category('Sunglasses', 'Slunecni', F.definitions.basic),
      ),
      object(
        c.hidden,
        2,
        'hidden',
        '/Categories/',
        'Category',
        category('Hidden', 'Skryte', F.definitions.basic),
        false,
      ),
      object(c.plain, 2, 'plain', '/Categories/', 'Category', category('Plain', 'Obycejna')),
    ])
  await db
    .insert(objects)
    .values([
      object(
        c.womens,
        c.frames,
        'womens',
        '/Categories/frames/',
        'Category',
        category("Women's", 'Damske', F.definitions.frames),
      ),
      object(
        c.mens,
        c.frames,
        'mens',
        '/Categories/frames/',
        'Category',
        category("Men's", 'Panske', F.definitions.frames),
      ),
      object(
        c.underHidden,
        c.hidden,
        'under',
        '/Categories/hidden/',
        'Category',
        category('Under hidden', 'Pod skrytou', F.definitions.basic),
      ),
    ])

  const products = [
    ...Array.from({ length: F.frameCount }, (_, i) => ({ id: F.frame(i), data: frameData(i) })),
    {
      id: F.sunglasses.aviator,
      data: otherProduct('SU-AV', 'Sun Aviator', 'Aviator Sun', c.sunglasses),
    },
    {
      id: F.sunglasses.wayfarer,
      data: otherProduct('SU-WA', 'Sun Wayfarer', 'Wayfarer', c.sunglasses),
    },
    { id: F.sunglasses.club, data: otherProduct('SU-CL', 'Sun Club', 'Clubmaster', c.sunglasses) },
    {
      id: F.hiddenAviator,
      data: otherProduct('HI-AV', 'Hidden Aviator', 'Aviator Hidden', c.underHidden),
    },
    { id: F.plainProduct, data: otherProduct('PL-01', 'Plain thing', 'Plain', c.plain, 'optics') },
  ]
  await db
    .insert(objects)
    .values(products.map((p) => object(p.id, 3, p.data.code, '/Products/', 'Product', p.data)))

  const variantRow = (id: number, parentId: number, index: number, data: VariantData) => ({
    id,
    parentId,
    type: 'variant' as const,
    key: data.colorKey,
    path: '/Products/x/',
    index,
    published: true,
    classId: 'Product',
    data,
  })
  const variants = products.flatMap((p, n) => {
    const rows = [
      variantRow(
        1000 + n * 2,
        p.id,
        0,
        variant(`${p.data.code}-BK`, 'black', '#111111', 'Černá', 'Black'),
      ),
    ]
    if (n % 3 === 0) {
      rows.push(
        variantRow(
          1001 + n * 2,
          p.id,
          1,
          variant(`${p.data.code}-GO`, 'gold', '#c9a34a', 'Zlatá', 'Gold'),
        ),
      )
    }
    return rows
  })
  await db.insert(objects).values(variants)
  await updateProductIndex(
    db,
    products.map((p) => p.id),
  )
}
