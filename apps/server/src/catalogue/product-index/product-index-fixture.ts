import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'

/**
 * A small shop for index queries, with numbers that are easy to count by hand:
 * /Categories/glasses (10, lists subcategories) → women (11), men (12);
 * /Categories/flat (13, lists only its own products) → inner (14).
 *
 * | id  | name (en / cs)   | brand | for         | cat | lens | colours    | CZK (action) | released   | model |
 * | 100 | Alpha / Omega    | Ray   | women       | 11  | 50   | black, red | 1000 (800)   | 2026-01-01 | RB-1  |
 * | 101 | Beta             | Ray   | men         | 12  | 55   | black      | 2000         | 2026-02-01 | RB-2  |
 * | 102 | Gama             | Vogue | women       | 11  | 58   | red, gold  | 1500         | 2026-03-01 | VO-3  |
 * | 103 | Delta            | Vogue | women, men  | 10  | 62   | gold       | 500          | 2025-12-01 | VO-4  |
 * | 104 | Epsilon          | Ray   | men         | 13  | 45   | black      | 900          | 2026-04-01 | RB-5  |
 * | 105 | Zeta             | Ray   | men         | 14  | 48   | black      | 700          | 2026-05-01 | RB-6  |
 */
export const INDEX_FIXTURE = {
  folders: { root: 1, categories: 2, products: 3, priceLists: 4 },
  categories: { glasses: 10, women: 11, men: 12, flat: 13, inner: 14 },
  products: { alpha: 100, beta: 101, gama: 102, delta: 103, epsilon: 104, zeta: 105 },
  priceList: 50,
} as const

interface ProductSpec {
  id: number
  en: string
  cs?: string
  brand: string
  genders: string[]
  category: number
  lensWidth: number
  colors: string[]
  czk: number
  action?: number
  releasedAt: string
  model: string
}

const PRODUCTS: ProductSpec[] = [
  {
    id: 100,
    en: 'Alpha',
    cs: 'Omega',
    brand: 'Ray',
    genders: ['women'],
    category: 11,
    lensWidth: 50,
    colors: ['black', 'red'],
    czk: 1000,
    action: 800,
    releasedAt: '2026-01-01',
    model: 'RB-1',
  },
  {
    id: 101,
    en: 'Beta',
    brand: 'Ray',
    genders: ['men'],
    category: 12,
    lensWidth: 55,
    colors: ['black'],
    czk: 2000,
    releasedAt: '2026-02-01',
    model: 'RB-2',
  },
  {
    id: 102,
    en: 'Gama',
    brand: 'Vogue',
    genders: ['women'],
    category: 11,
    lensWidth: 58,
    colors: ['red', 'gold'],
    czk: 1500,
    releasedAt: '2026-03-01',
    model: 'VO-3',
  },
  {
    id: 103,
    en: 'Delta',
    brand: 'Vogue',
    genders: ['women', 'men'],
    category: 10,
    lensWidth: 62,
    colors: ['gold'],
    czk: 500,
    releasedAt: '2025-12-01',
    model: 'VO-4',
  },
  {
    id: 104,
    en: 'Epsilon',
    brand: 'Ray',
    genders: ['men'],
    category: 13,
    lensWidth: 45,
    colors: ['black'],
    czk: 900,
    releasedAt: '2026-04-01',
    model: 'RB-5',
  },
  {
    id: 105,
    en: 'Zeta',
    brand: 'Ray',
    genders: ['men'],
    category: 14,
    lensWidth: 48,
    colors: ['black'],
    czk: 700,
    releasedAt: '2026-05-01',
    model: 'RB-6',
  },
]

const CSS: Record<string, string> = { black: '#111111', red: '#cc0000', gold: '#c9a34a' }

/** Inserts the fixture's objects (not the index: tests index them the way they need). */
export async function insertIndexFixture(db: Db): Promise<void> {
  const folder = (id: number, parentId: number | null, key: string) => ({
    id,
    parentId,
    type: 'folder' as const,
    key,
    path: '/',
    published: true,
  })
  await db
    .insert(objects)
    .values([
      folder(1, null, ''),
      folder(2, 1, 'Categories'),
      folder(3, 1, 'Products'),
      folder(4, 1, 'PriceLists'),
    ])
  const category = (id: number, parentId: number, key: string, path: string, show: boolean) => ({
    id,
    parentId,
    type: 'object' as const,
    key,
    path,
    published: true,
    classId: 'Category',
    data: { name: { en: key }, slug: { en: key }, showSubcategoryProducts: show },
  })
  await db
    .insert(objects)
    .values([
      category(10, 2, 'glasses', '/Categories/', true),
      category(13, 2, 'flat', '/Categories/', false),
    ])
  await db
    .insert(objects)
    .values([
      category(11, 10, 'women', '/Categories/glasses/', false),
      category(12, 10, 'men', '/Categories/glasses/', false),
      category(14, 13, 'inner', '/Categories/flat/', false),
    ])
  await db.insert(objects).values(
    PRODUCTS.map((p) => ({
      id: p.id,
      parentId: 3,
      type: 'object' as const,
      key: p.model,
      path: '/Products/',
      published: true,
      classId: 'Product',
      data: {
        code: p.model,
        kind: 'frame',
        name: { en: p.en, ...(p.cs ? { cs: p.cs } : {}) },
        brand: p.brand,
        model: p.model,
        genders: p.genders,
        categoryIds: [p.category],
        lensWidth: p.lensWidth,
        prices: { CZK: { catalog: p.czk, ...(p.action ? { action: p.action } : {}) } },
        statuses: [],
        releasedAt: p.releasedAt,
      },
    })),
  )
  let variantId = 200
  await db.insert(objects).values(
    PRODUCTS.flatMap((p) =>
      p.colors.map((color, index) => ({
        id: variantId++,
        parentId: p.id,
        type: 'variant' as const,
        key: color,
        path: `/Products/${p.model}/`,
        index,
        published: true,
        classId: 'Product',
        data: {
          code: `${p.model}-${color}`,
          colorKey: color,
          colorCss: CSS[color] ?? '#000000',
          colorName: { en: color },
          imageIds: [],
          availability: 'inStock',
        },
      })),
    ),
  )
}

/** A published partner price list: 10 % off, Beta at 1000. */
export async function insertPriceList(db: Db): Promise<void> {
  await db.insert(objects).values({
    id: INDEX_FIXTURE.priceList,
    parentId: 4,
    type: 'object',
    key: 'partner',
    path: '/PriceLists/',
    published: true,
    classId: 'PriceList',
    data: {
      name: 'Partner',
      currency: 'CZK',
      discountPercent: 10,
      items: [{ product: INDEX_FIXTURE.products.beta, price: 1000 }],
    },
  })
}
