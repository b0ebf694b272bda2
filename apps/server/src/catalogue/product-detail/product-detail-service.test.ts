import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_VIEWER, type Viewer } from '@optika/domain/accounts/viewer'
import type { ProductDetail } from '@optika/domain/catalogue/product-detail-api'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'
import type { Database } from '../../platform/db/client.ts'
import { productRatings } from '../../platform/db/schema/commerce.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { insertCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { createTranslator, syncCatalogue } from '../../platform/i18n/translator.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'
import { testViewers } from '../../../test/fixtures/test-viewers.ts'
import {
  DETAIL_FIXTURE as D,
  insertDetailFixture,
} from '../../../test/fixtures/product-detail-fixture.ts'
import { createProductDetailService, type ProductDetailService } from './product-detail-service.ts'
import { loadShopSettings } from '../../platform/settings/shop-settings.ts'

const F = D.list

const { customer, slovakCustomer, partner } = testViewers(F.priceList)
const pendingPartner: Viewer = { ...partner, partnerStatus: 'pending', priceListId: null }

describe('product detail service', () => {
  let database: Database
  let service: ProductDetailService

  beforeAll(async () => {
    database = await createTestDatabase()
    await syncCatalogue(database.db, catalogue)
    await insertDetailFixture(database.db)
    const translator = await createTranslator(database.db)
    service = createProductDetailService({
      db: database.db,
      translator,
      shopSettings: () => loadShopSettings(database.db),
    })
  })
  afterAll(() => database.close())

  async function page(
    id: number,
    options: { locale?: Locale; viewer?: Viewer; query?: string } = {},
  ): Promise<ProductDetail> {
    const detail = await service.get(
      options.locale ?? 'en',
      id,
      options.viewer ?? ANONYMOUS_VIEWER,
      new URLSearchParams(options.query ?? ''),
    )
    if (!detail) throw new Error(`no product page for ${id}`)
    return detail
  }

  describe('availability', () => {
    it('names each stock state and whether it can be ordered, from the pieces on hand', async () => {
      const detail = await page(D.frame)
      expect(
        detail.variants.map((v) => [v.availabilityText, v.orderability, v.orderabilityText]),
      ).toEqual([
        ['In stock', 'available', 'Available'],
        [
          'Low in stock (please verify the delivery date with customer service)',
          'outOfStock',
          'Out of stock',
        ],
        ['Out of stock (available later)', 'outOfStock', 'Out of stock'],
        ['Active, but no further deliveries are planned', 'available', 'Available'],
        ['End of production', 'cannotBeOrdered', 'Cannot be ordered'],
      ])
    })

    it('translates the texts into the page language', async () => {
      const detail = await page(D.frame, { locale: 'cs' })
      expect(detail.variants[0]).toMatchObject({
        availabilityText: 'Skladem',
        orderabilityText: 'Dostupné',
      })
      expect(detail.variants[4]?.orderabilityText).toBe('Nelze objednat')
    })

    it('leaves unpublished variants out and selects the variant the URL names', async () => {
      const detail = await page(D.frame, { query: `variant=${D.variants.outOfStock}` })
      expect(detail.variants.map((v) => v.id)).toEqual(Object.values(D.variants))
      expect(detail.selectedVariantId).toBe(D.variants.outOfStock)
      expect((await page(D.frame, { query: `variant=${D.hiddenVariant}` })).selectedVariantId).toBe(
        D.variants.inStock,
      )
      expect((await page(D.frame, { query: 'variant=abc' })).selectedVariantId).toBe(
        D.variants.inStock,
      )
    })

    it('shows a product without variants as its own single variant', async () => {
      const detail = await page(D.sparePart)
      expect(detail.variants).toHaveLength(1)
      expect(detail.variants[0]).toMatchObject({
        id: D.sparePart,
        code: 'SP-TMP',
        name: 'Temple',
        orderability: 'available',
        availabilityText: 'In stock',
      })
      expect(detail.variants[0]?.images.map((image) => image.alt)).toEqual(['Temple'])
      expect(detail.selectedVariantId).toBe(D.sparePart)
    })
  })

  describe('pictures', () => {
    it('gives every picture of a variant in three sizes with "name – colour" as alt', async () => {
      const [black, havana] = (await page(D.frame)).variants
      expect(black?.images).toEqual([
        {
          id: D.images.front,
          alt: 'Vistara Lumen – Black',
          width: 640,
          height: 480,
          thumbnail: '/media/thumbnail/products/front.webp',
          medium: '/media/medium/products/front.webp',
          large: '/media/large/products/front.webp',
        },
        expect.objectContaining({ id: D.images.side, alt: 'Vistara Lumen – Black' }),
      ])
      // Havana has no pictures of its own: it shows the product's.
      expect(havana?.images.map((image) => [image.id, image.alt])).toEqual([
        [D.images.product, 'Vistara Lumen – Havana'],
      ])
    })
  })

  describe('prices', () => {
    it('shows guests the retail price of a purchase without registration, with the cart’s VAT', async () => {
      const detail = await page(D.frame)
      expect(detail.pricesVisible).toBe(false)
      expect(detail.guestRetailPrices).toBe(true)
      // 1 000.00 CZK without VAT + 21 % (the back office's Czech rate), as the cart charges it.
      expect(detail.variants[0]?.price).toEqual({
        currency: 'CZK',
        final: 121_000,
        catalog: 121_000,
        withVat: true,
      })
      expect(detail.statuses).toEqual([])
      // List tiles keep the seed's rule (no prices for guests); spare parts are bought here.
      expect(detail.related.every((link) => link.price === undefined)).toBe(true)
      expect(detail.spareParts.find((link) => link.id === D.sparePart)?.price).toMatchObject({
        currency: 'CZK',
        final: 24_200,
      })
      expect(detail.spareParts.every((link) => link.statuses.length === 0)).toBe(true)
    })

    it('prices in the visitor’s country: a guest or customer shopping in Hungary sees forints', async () => {
      const guest = await page(D.frame, { viewer: { ...ANONYMOUS_VIEWER, country: 'HU' } })
      // 40 700.00 HUF without VAT + 27 %.
      expect(guest.variants[0]?.price).toMatchObject({ currency: 'HUF', final: 5_168_900 })
      expect(guest.delivery.country).toBe('HU')
      const hungarian = await page(D.frame, { viewer: { ...customer, country: 'HU' } })
      expect(hungarian.variants[0]?.price).toMatchObject({ currency: 'HUF', final: 5_168_900 })
    })

    it('shows customers gross prices in their country’s currency', async () => {
      const czech = await page(D.frame, { viewer: customer })
      expect(czech.pricesVisible).toBe(true)
      expect(czech.statuses).toEqual(['new', 'action'])
      expect(czech.variants[0]?.price).toEqual({
        currency: 'CZK',
        final: 121_000,
        catalog: 121_000,
        withVat: true,
      })
      const slovak = await page(D.frame, { viewer: slovakCustomer })
      expect(slovak.variants[0]?.price).toMatchObject({
        currency: 'EUR',
        final: 4_920,
        withVat: true,
      })
    })

    it('shows an approved partner the price list without VAT', async () => {
      const detail = await page(D.frame, { viewer: partner })
      // The list gives 10 % off products it does not name.
      expect(detail.variants[0]?.price).toEqual({
        currency: 'CZK',
        final: 90_000,
        catalog: 90_000,
        withVat: false,
      })
    })

    it('treats a partner awaiting approval as a customer', async () => {
      const detail = await page(D.frame, { viewer: pendingPartner })
      expect(detail.variants[0]?.price).toMatchObject({ final: 121_000, withVat: true })
    })

    it('prices related products the same way', async () => {
      const detail = await page(D.frame, { viewer: customer })
      expect(detail.related.find((link) => link.id === D.sparePart)?.price).toMatchObject({
        currency: 'CZK',
        final: 24_200,
      })
    })
  })

  describe('not found', () => {
    it('has no page for an unknown id, an unpublished product, a variant or a category', async () => {
      for (const id of [999_999, D.unpublished, D.variants.inStock, F.categories.frames]) {
        expect(await service.get('en', id, ANONYMOUS_VIEWER, new URLSearchParams())).toBeNull()
      }
    })

    it('has no pictures for an unknown id, an unpublished product or its variant', async () => {
      for (const id of [999_999, D.unpublished, D.unpublishedVariant, D.hiddenVariant, 10]) {
        expect(await service.images('en', id)).toBeNull()
      }
    })
  })

  describe('specification', () => {
    it('lists every attribute the product has with units, in English', async () => {
      const detail = await page(D.frame)
      expect(Object.fromEntries(detail.specification.map((row) => [row.key, row.value]))).toEqual({
        'product.manufacturer': 'Optika Works',
        'product.brand': 'Vistara / Nordic',
        'product.model': 'Lumen',
        'product.series': 'L-2026',
        'product.category': "Women's",
        'product.genderAgeGroup': "Women's, Adults",
        'product.frameMaterial': 'Acetate',
        'product.frameColour': 'Black, Havana, Blue, Red, Green',
        'product.frameType': 'Full-rim',
        'product.frontMaterial': 'Acetate',
        'product.templeMaterial': 'Titanium',
        'product.shape': 'Cat-eye',
        'product.size': '52□18 140',
        'product.templeLength': '140 mm',
        'product.verticalLensSize': '40 mm',
        'product.weight': '28.5 g',
        'product.polarization': 'Yes',
        'product.tintLevel': 'Category 3',
        'product.warranty': '24 months',
        'product.piecesPerPackage': '1',
      })
    })

    it('formats numbers and translates values in Czech', async () => {
      const rows = new Map(
        (await page(D.frame, { locale: 'cs' })).specification.map((r) => [r.key, r.value]),
      )
      expect(rows.get('product.weight')).toBe('28,5 g')
      expect(rows.get('product.warranty')).toBe('24 měsíců')
      expect(rows.get('product.shape')).toBe('Kočičí oči')
      expect(rows.get('product.polarization')).toBe('Ano')
      expect(rows.get('product.tintLevel')).toBe('Kategorie 3')
      expect(rows.get('product.category')).toBe('Damske')
    })

    it('leaves out what the product does not have', async () => {
      const keys = (await page(D.sparePart)).specification.map((row) => row.key)
      expect(keys).not.toContain('product.size')
      expect(keys).not.toContain('product.polarization')
      expect(keys).toContain('product.warranty')
    })
  })

  describe('the way back to the list', () => {
    it('keeps the list’s filters on every trail link and drops unknown parameters', async () => {
      const detail = await page(D.frame, {
        query: `cid=${F.categories.frames}&brand=Vistara&lensWidth=50_56&utm_source=x&sort=name&p=2&variant=${D.variants.lowStock}`,
      })
      const filters = 'brand=Vistara&lensWidth=50_56&sort=name'
      expect(detail.categoryTrail).toEqual([
        {
          id: F.categories.frames,
          name: 'Frames',
          url: `/en/c/${F.categories.frames}/frames?${filters}`,
        },
      ])
      expect(detail.backToList).toBe(
        `/en/c/${F.categories.frames}/frames?${filters}&p=2&product=${D.frame}`,
      )
    })

    it('ends the trail at the category the product is filed in without a list', async () => {
      const detail = await page(D.frame)
      expect(detail.categoryTrail.map((link) => link.name)).toEqual(['Frames', "Women's"])
      expect(detail.categoryTrail[1]?.url).toBe(`/en/c/${F.categories.womens}/women-s`)
      expect(detail.backToList).toBeNull()
    })

    it('ignores a category the product is not in', async () => {
      const detail = await page(D.frame, { query: `cid=${F.categories.sunglasses}&brand=Sola` })
      expect(detail.backToList).toBeNull()
      expect(detail.categoryTrail.map((link) => link.url)).toEqual([
        `/en/c/${F.categories.frames}/frames`,
        `/en/c/${F.categories.womens}/women-s`,
      ])
    })
  })

  describe('related products and spare parts', () => {
    it('lists only published ones, as tiles the cart can take', async () => {
      const detail = await page(D.frame)
      expect(detail.related.map((link) => link.id)).toEqual([F.frame(1), D.sparePart])
      expect(detail.spareParts.map((link) => link.id)).toEqual([D.sparePart])
      const frame = detail.related[0]
      expect(frame).toMatchObject({
        name: 'Frame 01',
        sellableId: frame?.variants[0]?.id,
        orderability: 'outOfStock',
        orderabilityText: 'Out of stock',
        rules: { min: 1, step: 1, max: null },
      })
      expect(detail.spareParts[0]).toMatchObject({
        sellableId: D.sparePart,
        orderability: 'available',
      })
    })

    it("carries a linked product's own quantity rules to its tile", async () => {
      const [row] = await database.db.select().from(objects).where(eq(objects.id, D.sparePart))
      const data = row!.data as Record<string, unknown>
      await database.db
        .update(objects)
        .set({ data: { ...data, minOrderQuantity: 3, quantityStep: 2, maxAmount: 11 } })
        .where(eq(objects.id, D.sparePart))
      try {
        const detail = await page(D.frame)
        expect(detail.spareParts[0]?.rules).toEqual({ min: 4, step: 2, max: 10 })
      } finally {
        await database.db.update(objects).set({ data }).where(eq(objects.id, D.sparePart))
      }
    })

    it('drops a related product once it is unpublished', async () => {
      await database.db.update(objects).set({ published: false }).where(eq(objects.id, D.sparePart))
      await updateProductIndex(database.db, [D.sparePart])
      try {
        const detail = await page(D.frame)
        expect(detail.related.map((link) => link.id)).toEqual([F.frame(1)])
        expect(detail.spareParts).toEqual([])
      } finally {
        await database.db
          .update(objects)
          .set({ published: true })
          .where(eq(objects.id, D.sparePart))
        await updateProductIndex(database.db, [D.sparePart])
      }
    })
  })

  /** A published Product object with `data` as it is stored, however odd. */
  const insertRawProduct = (id: number, key: string, data: Record<string, unknown>) =>
    database.db.insert(objects).values({
      id,
      parentId: 3,
      type: 'object',
      key,
      path: '/Products/',
      published: true,
      classId: 'Product',
      data,
    })

  it('renders a half-filled product without failing', async () => {
    await insertRawProduct(3020, 'draft-like', {
      code: 'HF-01',
      kind: 'optics',
      name: { en: 'Half filled' },
      minOrderQuantity: 0,
    })
    const detail = await page(3020)
    expect(detail).toMatchObject({
      name: 'Half filled',
      categoryTrail: [],
      related: [],
      spareParts: [],
      rules: { min: 1, step: 1, max: null },
    })
    expect(detail.variants[0]).toMatchObject({ id: 3020, availabilityText: 'In stock' })
  })

  it('skips links and pictures that are not ids of anything, and the product itself', async () => {
    await insertRawProduct(3021, 'odd-links', {
      code: 'OL-01',
      kind: 'optics',
      name: { en: 'Odd links' },
      relatedProductIds: [3021, D.sparePart, '12', 1.5, -4, 1e20, null, { id: 1 }, D.sparePart],
      sparePartIds: { id: D.sparePart },
      imageIds: ['x', 99_999_999],
    })
    const detail = await page(3021)
    expect(detail.related.map((link) => link.id)).toEqual([D.sparePart])
    expect(detail.spareParts).toEqual([])
    expect(detail.variants[0]?.images).toEqual([])
  })

  it('gives the quantity rules, the URLs and the visible ratings', async () => {
    const raters = await Promise.all([1, 2, 3].map(() => insertCustomer(database.db)))
    await database.db.insert(productRatings).values(
      raters.map((rater, n) => ({
        productId: D.frame,
        customerId: rater.id,
        overall: [5, 4, 1][n] ?? 1,
        locale: 'en',
        ...(n === 2 ? { hiddenAt: new Date(), hiddenBy: 'admin:1' } : {}),
      })),
    )
    const detail = await page(D.frame)
    expect(detail.rules).toEqual({ min: 2, step: 2, max: 10 })
    expect(detail.url).toBe(`/en/p/${D.frame}/vistara-lumen`)
    expect(detail.urls.cs).toBe(`/cs/p/${D.frame}/vistara-lumen`)
    expect(detail.rating).toEqual({ count: 2, average: 4.5 })
    expect((await page(D.sparePart)).rating).toEqual({ count: 0, average: null })
  })
})
