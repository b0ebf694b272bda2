import type { FastifyInstance } from 'fastify'
import type { ProductData } from '@optika/domain/catalogue/product-data'
import type { Cart } from '@optika/domain/commerce/cart-api'
import type { Db } from '../../src/platform/db/client.ts'
import { stockLevels } from '../../src/platform/db/schema/commerce.ts'
import { objects } from '../../src/platform/db/schema/elements.ts'
import { FIXTURE, insertCatalogueFixture } from '../fixtures/catalogue-fixture.ts'
import { updateProductIndex } from '../../src/catalogue/product-index/update-product-index.ts'
import { cookieName } from '../../src/platform/http/cookie-policy.ts'

/**
 * Test support (not a test file) for the cart and checkout: the catalogue fixture plus spare
 * parts and a product out of production, with stock. Prices (without VAT) are the fixture's:
 * 1 990.00 CZK each unless said otherwise.
 */
export const SHOP = {
  /** Variants of Žofie: black 5 pieces, gold none. */
  zofie: FIXTURE.products.zofie,
  zofieBlack: FIXTURE.variants.zofieBlack,
  zofieGold: FIXTURE.variants.zofieGold,
  /** A product without (published) variants, 10 pieces. */
  marek: FIXTURE.products.marek,
  /** Sunny's brown variant, 3 pieces. */
  sunnyBrown: FIXTURE.variants.sunnyBrown,
  /** Spare part: nose pads, 100.00 CZK, 4 pieces, sold by 2 (min 2, at most 20). */
  nosePads: 110,
  /** Spare part: temples, 300.00 CZK (action 250.00), 1 piece. */
  temples: 111,
  /** A frame out of production, 10 pieces left in the books. */
  retired: 112,
  /** An unpublished product (the fixture's draft). */
  draft: FIXTURE.products.draft,
} as const

export const UNIT_NET_CZK = 199_000

function product(
  overrides: Partial<ProductData> & Pick<ProductData, 'code' | 'name'>,
): ProductData {
  return {
    kind: 'sparePart',
    slug: { cs: overrides.code.toLowerCase(), en: overrides.code.toLowerCase() },
    description: {},
    manufacturer: 'Optika Works',
    brand: 'Lumen',
    categoryIds: [FIXTURE.categories.frames],
    genders: ['unisex'],
    warrantyMonths: 24,
    piecesPerPackage: 1,
    minOrderQuantity: 1,
    quantityStep: 1,
    prices: {
      CZK: { catalog: 10_000 },
      EUR: { catalog: 400 },
      HUF: { catalog: 150_000 },
      PLN: { catalog: 1_700 },
      RON: { catalog: 2_000 },
    },
    statuses: [],
    bestseller: false,
    featured: false,
    releasedAt: '2026-01-01',
    relatedProductIds: [],
    sparePartIds: [],
    ...overrides,
  }
}

export async function insertShopFixture(db: Db): Promise<void> {
  await insertCatalogueFixture(db)
  const row = (id: number, data: ProductData) => ({
    id,
    parentId: 3,
    type: 'object' as const,
    key: data.code,
    path: '/Products/',
    published: true,
    classId: 'Product',
    data,
  })
  await db.insert(objects).values([
    row(
      SHOP.nosePads,
      product({
        code: 'SP-NP',
        name: { cs: 'Nosníky', en: 'Nose pads' },
        sparePartKind: 'nosePad',
        minOrderQuantity: 2,
        quantityStep: 2,
        maxAmount: 20,
        availability: 'inStock',
      }),
    ),
    row(
      SHOP.temples,
      product({
        code: 'SP-TM',
        name: { cs: 'Stranice', en: 'Temples' },
        sparePartKind: 'temple',
        availability: 'inStock',
        prices: {
          CZK: { catalog: 30_000, action: 25_000 },
          EUR: { catalog: 1_200 },
          HUF: { catalog: 450_000 },
          PLN: { catalog: 5_100 },
          RON: { catalog: 6_000 },
        },
      }),
    ),
    row(
      SHOP.retired,
      product({
        kind: 'frame',
        code: 'LU-9009',
        name: { cs: 'Vyřazená obruba', en: 'Retired frame' },
        availability: 'endOfProduction',
      }),
    ),
  ])
  await updateProductIndex(db, [SHOP.nosePads, SHOP.temples, SHOP.retired])
  await db.insert(stockLevels).values([
    { objectId: SHOP.zofieBlack, quantity: 5 },
    { objectId: SHOP.zofieGold, quantity: 0 },
    { objectId: SHOP.marek, quantity: 10 },
    { objectId: SHOP.sunnyBrown, quantity: 3 },
    { objectId: SHOP.nosePads, quantity: 4 },
    { objectId: SHOP.temples, quantity: 1 },
    { objectId: SHOP.retired, quantity: 10 },
  ])
}

/** A cart call's answer with the cookies to send next (the guest cart's cookie once set). */
export interface CartReply<T = Cart> {
  readonly status: number
  readonly body: T
  readonly cookie: string | null
}

/**
 * A browser-like cart client: keeps the guest cart cookie it is given, sends the session cookie
 * (`session`, e.g. from signInCustomer) along.
 */
export function cartClient(app: FastifyInstance, session: string | null = null) {
  const CART_COOKIE = cookieName('cart', app.cookiePolicy.secure)
  let cartCookie: string | null = null
  const cookieHeader = () => [session, cartCookie].filter(Boolean).join('; ')
  return {
    get cartCookie() {
      return cartCookie
    },
    setSession(value: string | null) {
      session = value
    },
    async call<T = Cart>(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ): Promise<CartReply<T>> {
      const cookie = cookieHeader()
      const response = await app.inject({
        method,
        url,
        headers: { 'accept-language': 'en', ...headers, ...(cookie ? { cookie } : {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      const set = response.cookies.find((c) => c.name === CART_COOKIE)
      if (set) cartCookie = set.value ? `${CART_COOKIE}=${set.value}` : null
      return { status: response.statusCode, body: response.json<T>(), cookie: cartCookie }
    },
  }
}
