import type { CategoryData, ProductData, VariantData } from '@optika/domain/catalogue/product-data'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'

/**
 * A small shop for tests: two top-level categories (sunglasses before frames by tree index),
 * frames with three subcategories, a hidden branch, and a few products with colour variants.
 * Ids are fixed so tests can name them.
 */
export const FIXTURE = {
  categories: {
    sunglasses: 11,
    frames: 10,
    womens: 12,
    mens: 13,
    kids: 16,
    hidden: 14,
    underHidden: 15,
  },
  products: { zofie: 100, marek: 101, sunny: 102, draft: 103, inHidden: 104 },
  variants: { zofieBlack: 200, zofieGold: 201, marekDraft: 202, sunnyBrown: 203 },
  assets: { zofieBlack: 300, zofieGold: 301 },
} as const

function category(
  name: CategoryData['name'],
  slug: CategoryData['slug'],
  description: CategoryData['description'] = {},
): CategoryData {
  return { name, slug, description }
}

function product(
  overrides: Partial<ProductData> &
    Pick<ProductData, 'code' | 'name' | 'slug' | 'categoryIds' | 'releasedAt'>,
): ProductData {
  return {
    kind: 'frame',
    description: { cs: 'Lehká obruba z acetátu.', en: 'A light acetate frame.' },
    manufacturer: 'Optika Works',
    brand: 'Lumen',
    genders: ['women'],
    warrantyMonths: 24,
    piecesPerPackage: 1,
    minOrderQuantity: 1,
    quantityStep: 1,
    prices: {
      CZK: { catalog: 199_000 },
      EUR: { catalog: 8_000 },
      HUF: { catalog: 3_100_000 },
      PLN: { catalog: 34_000 },
      RON: { catalog: 40_000 },
    },
    statuses: ['new'],
    bestseller: false,
    featured: false,
    relatedProductIds: [],
    sparePartIds: [],
    ...overrides,
  }
}

function variant(
  code: string,
  key: string,
  css: string,
  name: VariantData['colorName'],
  imageIds: number[],
): VariantData {
  return { code, colorKey: key, colorCss: css, colorName: name, imageIds, availability: 'inStock' }
}

export async function insertCatalogueFixture(db: Db): Promise<void> {
  const { categories: c, products: p, variants: v, assets: a } = FIXTURE
  await db.insert(assets).values([
    { id: 1, type: 'folder', key: '', path: '/' },
    {
      id: a.zofieBlack,
      parentId: 1,
      type: 'image',
      key: 'zofie-black.webp',
      path: '/',
      width: 800,
      height: 400,
      storageKey: 'demo/zofie-black.webp',
    },
    {
      id: a.zofieGold,
      parentId: 1,
      type: 'image',
      key: 'zofie-gold.webp',
      path: '/',
      width: 800,
      height: 400,
      storageKey: 'demo/zofie-gold.webp',
    },
  ])
  const folder = (id: number, parentId: number | null, key: string, path: string) => ({
    id,
    parentId,
    type: 'folder' as const,
    key,
    path,
    published: true,
    data: {},
  })
  const node = (
    id: number,
    parentId: number,
    key: string,
    path: string,
    index: number,
    data: CategoryData,
    published = true,
  ) => ({
    id,
    parentId,
    type: 'object' as const,
    key,
    path,
    index,
    published,
    classId: 'Category',
    data,
  })
  await db
    .insert(objects)
    .values([
      folder(1, null, '', '/'),
      folder(2, 1, 'Categories', '/'),
      folder(3, 1, 'Products', '/'),
    ])
  await db
    .insert(objects)
    .values([
      node(
        c.frames,
        2,
        'frames',
        '/Categories/',
        1,
        category(
          { cs: 'Brýlové obruby', en: 'Frames' },
          { cs: 'bryle', en: 'frames' },
          { cs: 'Obruby pro každého.', en: 'Frames for everyone.' },
        ),
      ),
      node(
        c.sunglasses,
        2,
        'sunglasses',
        '/Categories/',
        0,
        category(
          { cs: 'Sluneční brýle', en: 'Sunglasses' },
          { cs: 'slunecni-bryle', en: 'sunglasses' },
        ),
      ),
      node(
        c.hidden,
        2,
        'hidden',
        '/Categories/',
        2,
        category({ cs: 'Skryté', en: 'Hidden' }, { cs: 'skryte', en: 'hidden' }),
        false,
      ),
    ])
  await db.insert(objects).values([
    node(
      c.mens,
      c.frames,
      'mens',
      '/Categories/frames/',
      0,
      category(
        { cs: 'Pánské obruby', en: "Men's frames" },
        { cs: 'panske-obruby', en: 'mens-frames' },
      ),
    ),
    node(
      c.womens,
      c.frames,
      'womens',
      '/Categories/frames/',
      0,
      category(
        { cs: 'Dámské obruby', en: "Women's frames" },
        { cs: 'damske-obruby', en: 'womens-frames' },
      ),
    ),
    // English only: a Czech page falls back to the English name and slug.
    node(
      c.kids,
      c.frames,
      'kids',
      '/Categories/frames/',
      1,
      category({ en: "Children's frames" }, { en: 'childrens-frames' }),
    ),
    node(
      c.underHidden,
      c.hidden,
      'under-hidden',
      '/Categories/hidden/',
      0,
      category(
        { cs: 'Pod skrytou', en: 'Under hidden' },
        { cs: 'pod-skrytou', en: 'under-hidden' },
      ),
    ),
  ])
  const productRow = (id: number, data: ProductData, published = true) => ({
    id,
    parentId: 3,
    type: 'object' as const,
    key: data.code,
    path: '/Products/',
    published,
    classId: 'Product',
    data,
  })
  await db.insert(objects).values([
    productRow(
      p.zofie,
      product({
        code: 'LU-1001',
        name: { cs: 'Dámské brýle Žofie', en: 'Zofie women’s glasses' },
        slug: { cs: 'damske-bryle-zofie', en: 'zofie-womens-glasses' },
        categoryIds: [c.womens],
        releasedAt: '2026-01-10',
        featured: true,
      }),
    ),
    productRow(
      p.marek,
      product({
        code: 'LU-2002',
        name: { cs: 'Pánská obruba Marek', en: 'Marek men’s frame' },
        slug: { cs: 'panska-obruba-marek', en: 'marek-mens-frame' },
        categoryIds: [c.mens],
        releasedAt: '2026-05-01',
      }),
    ),
    productRow(
      p.sunny,
      product({
        kind: 'sunglasses',
        code: 'SU-3003',
        name: { cs: 'Sluneční brýle Sunny', en: 'Sunny sunglasses' },
        slug: { cs: 'slunecni-bryle-sunny', en: 'sunny-sunglasses' },
        categoryIds: [c.sunglasses],
        releasedAt: '2025-06-01',
      }),
    ),
    productRow(
      p.draft,
      product({
        code: 'LU-4004',
        name: { cs: 'Rozpracovaná obruba', en: 'Draft frame' },
        slug: { cs: 'rozpracovana-obruba', en: 'draft-frame' },
        categoryIds: [c.womens],
        releasedAt: '2026-09-01',
        featured: true,
      }),
      false,
    ),
    productRow(
      p.inHidden,
      product({
        code: 'LU-5005',
        name: { cs: 'Obruba ve skryté kategorii', en: 'Frame in a hidden category' },
        slug: { cs: 'obruba-ve-skryte', en: 'frame-in-hidden' },
        categoryIds: [c.underHidden],
        releasedAt: '2026-02-01',
      }),
    ),
  ])
  const variantRow = (
    id: number,
    parentId: number,
    index: number,
    data: VariantData,
    published = true,
  ) => ({
    id,
    parentId,
    type: 'variant' as const,
    key: data.colorKey,
    path: '/Products/x/',
    index,
    published,
    classId: 'Product',
    data,
  })
  await db
    .insert(objects)
    .values([
      variantRow(
        v.zofieGold,
        p.zofie,
        1,
        variant('LU-1001-GO', 'gold', '#c9a34a', { cs: 'Zlatá', en: 'Gold' }, [a.zofieGold]),
      ),
      variantRow(
        v.zofieBlack,
        p.zofie,
        0,
        variant('LU-1001-BK', 'black', '#111111', { cs: 'Černá', en: 'Black' }, [a.zofieBlack]),
      ),
      variantRow(
        v.marekDraft,
        p.marek,
        0,
        variant('LU-2002-GR', 'grey', '#777777', { cs: 'Šedá', en: 'Grey' }, []),
        false,
      ),
      variantRow(
        v.sunnyBrown,
        p.sunny,
        0,
        variant('SU-3003-BR', 'brown', '#6b4423', { cs: 'Hnědá', en: 'Brown' }, []),
      ),
    ])
  await updateProductIndex(db, Object.values(p))
}
