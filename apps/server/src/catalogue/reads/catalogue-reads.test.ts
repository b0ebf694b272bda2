import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Database } from '../../platform/db/client.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { FIXTURE, insertCatalogueFixture } from '../../../test/fixtures/catalogue-fixture.ts'
import { getCategory } from './get-category.ts'
import { getProduct } from './get-product.ts'
import { listCategoryProducts } from './list-category-products.ts'
import { listCategoryTree } from './list-category-tree.ts'
import { listFeaturedProducts } from './list-featured-products.ts'
import { searchProducts } from './search-products.ts'
import { createCatalogueReads } from './catalogue-reads.ts'
import { ANONYMOUS_VIEWER, type Viewer } from '@optika/domain/accounts/viewer'

const { categories: c, products: p, variants: v } = FIXTURE

describe('catalogue reads', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
    await insertCatalogueFixture(database.db)
  })
  afterAll(() => database.close())

  describe('category tree', () => {
    it('orders siblings by tree index, then by name in the page language', async () => {
      const cs = await listCategoryTree(database.db, 'cs')
      expect(cs.map((n) => n.name)).toEqual(['Sluneční brýle', 'Brýlové obruby'])
      expect(cs[1]?.children.map((n) => n.name)).toEqual([
        'Dámské obruby',
        'Pánské obruby',
        "Children's frames",
      ])

      const en = await listCategoryTree(database.db, 'en')
      expect(en[1]?.children.map((n) => n.name)).toEqual([
        "Men's frames",
        "Women's frames",
        "Children's frames",
      ])
    })

    it('falls back to the English name and slug where the language has none', async () => {
      const [, frames] = await listCategoryTree(database.db, 'cs')
      const kids = frames?.children.find((n) => n.id === c.kids)
      expect(kids).toMatchObject({ name: "Children's frames", url: '/cs/c/16/childrens-frames' })
    })

    it('hides an unpublished category together with everything under it', async () => {
      const tree = await listCategoryTree(database.db, 'cs')
      const ids = JSON.stringify(tree)
      expect(ids).not.toContain('Skryté')
      expect(ids).not.toContain('Pod skrytou')
      expect(await getCategory(database.db, 'cs', c.hidden)).toBeNull()
      expect(await getCategory(database.db, 'cs', c.underHidden)).toBeNull()
    })

    it('builds category URLs with generateUrl and the localized slug', async () => {
      const tree = await listCategoryTree(database.db, 'en')
      expect(tree[0]).toMatchObject({
        id: c.sunglasses,
        url: generateUrl('category', { locale: 'en', id: c.sunglasses, slug: 'sunglasses' }),
        children: [],
      })
    })
  })

  describe('category detail', () => {
    it('has its ancestors, subcategories and its URL in every language', async () => {
      const womens = await getCategory(database.db, 'cs', c.womens)
      expect(womens).toMatchObject({
        name: 'Dámské obruby',
        url: '/cs/c/12/damske-obruby',
        ancestors: [{ id: c.frames, name: 'Brýlové obruby', url: '/cs/c/10/bryle' }],
        children: [],
      })
      expect(womens?.urls).toMatchObject({
        cs: '/cs/c/12/damske-obruby',
        en: '/en/c/12/womens-frames',
        sk: '/sk/c/12/womens-frames',
      })

      const frames = await getCategory(database.db, 'en', c.frames)
      expect(frames?.description).toBe('Frames for everyone.')
      expect(frames?.children.map((child) => child.id)).toEqual([c.mens, c.womens, c.kids])
    })

    it('is null for an id that is not a category', async () => {
      expect(await getCategory(database.db, 'cs', p.zofie)).toBeNull()
      expect(await getCategory(database.db, 'cs', 999_999)).toBeNull()
    })
  })

  describe('category products', () => {
    it('include products filed in subcategories, newest release first', async () => {
      const products = await listCategoryProducts(database.db, 'cs', c.frames, { limit: 24 })
      expect(products.map((item) => item.id)).toEqual([p.marek, p.zofie])
    })

    it('leave out unpublished products and variants', async () => {
      const womens = await listCategoryProducts(database.db, 'cs', c.womens, { limit: 24 })
      expect(womens.map((item) => item.id)).toEqual([p.zofie])
      const mens = await listCategoryProducts(database.db, 'cs', c.mens, { limit: 24 })
      expect(mens[0]?.variants).toEqual([])
    })

    it('are none for a hidden category', async () => {
      expect(await listCategoryProducts(database.db, 'cs', c.underHidden, { limit: 24 })).toEqual(
        [],
      )
    })

    it('stop at the limit', async () => {
      const products = await listCategoryProducts(database.db, 'cs', c.frames, { limit: 1 })
      expect(products.map((item) => item.id)).toEqual([p.marek])
    })
  })

  describe('product tiles', () => {
    it('carry the seed list item fields, colours in variant order, and no badges for anonymous visitors', async () => {
      const [zofie] = await listCategoryProducts(database.db, 'en', c.womens, { limit: 24 })
      expect(zofie).toEqual({
        id: p.zofie,
        name: 'Zofie women’s glasses',
        url: generateUrl('product', { locale: 'en', id: p.zofie, slug: 'zofie-womens-glasses' }),
        type: 'frame',
        statuses: [],
        variants: [
          { id: v.zofieBlack, code: 'LU-1001-BK' },
          { id: v.zofieGold, code: 'LU-1001-GO' },
        ],
        colors: [
          {
            variantId: v.zofieBlack,
            color: { css: '#111111', name: 'Black' },
            name: 'Black',
            image: '/media/medium/demo/zofie-black.webp',
            thumbnail: '/media/thumbnail/demo/zofie-black.webp',
            thumbnailWidth: 320,
            thumbnailHeight: 160,
          },
          {
            variantId: v.zofieGold,
            color: { css: '#c9a34a', name: 'Gold' },
            name: 'Gold',
            image: '/media/medium/demo/zofie-gold.webp',
            thumbnail: '/media/thumbnail/demo/zofie-gold.webp',
            thumbnailWidth: 320,
            thumbnailHeight: 160,
          },
        ],
      })
    })
  })

  describe('featured products', () => {
    it('put featured products first, then the newest others, never unpublished ones', async () => {
      const products = await listFeaturedProducts(database.db, 'cs', 10)
      expect(products.map((item) => item.id)).toEqual([p.zofie, p.marek, p.inHidden, p.sunny])
      expect((await listFeaturedProducts(database.db, 'cs', 2)).length).toBe(2)
    })

    it('carry a signed-in customer’s prices and badges, as the category list does', async () => {
      const customer: Viewer = {
        ...ANONYMOUS_VIEWER,
        customerId: 1,
        kind: 'customer',
        country: 'CZ',
      }
      const reads = createCatalogueReads(database.db)
      const signedIn = await reads.listFeaturedProducts('cs', 10, customer)
      expect(signedIn.length).toBeGreaterThan(0)
      expect(signedIn.every((tile) => tile.price?.currency === 'CZK')).toBe(true)
      const hungary = await reads.listFeaturedProducts('cs', 10, { ...customer, country: 'HU' })
      expect(hungary.every((tile) => tile.price?.currency === 'HUF')).toBe(true)
      const anonymous = await reads.listFeaturedProducts('cs', 10)
      expect(anonymous.every((tile) => tile.price === undefined)).toBe(true)
    })
  })

  describe('search', () => {
    it('ignores case and accents in the localized name', async () => {
      for (const q of ['zofie', 'ŽOFIE', 'damske bryle', 'Dámské BRÝLE']) {
        const found = await searchProducts(database.db, 'cs', q, 10)
        expect(
          found.map((item) => item.id),
          q,
        ).toEqual([p.zofie])
      }
    })

    it('searches the name in the page language', async () => {
      expect((await searchProducts(database.db, 'en', 'sunglasses', 10)).map((i) => i.id)).toEqual([
        p.sunny,
      ])
      expect((await searchProducts(database.db, 'cs', 'sunglasses', 10)).map((i) => i.id)).toEqual(
        [],
      )
      expect((await searchProducts(database.db, 'cs', 'sluneční', 10)).map((i) => i.id)).toEqual([
        p.sunny,
      ])
    })

    it('finds nothing for an empty query or wildcards, and never unpublished products', async () => {
      expect(await searchProducts(database.db, 'cs', '   ', 10)).toEqual([])
      expect(await searchProducts(database.db, 'cs', '%', 10)).toEqual([])
      expect(await searchProducts(database.db, 'cs', 'rozpracovaná', 10)).toEqual([])
    })

    it('matches product codes too', async () => {
      expect((await searchProducts(database.db, 'cs', 'lu-2002', 10)).map((i) => i.id)).toEqual([
        p.marek,
      ])
    })
  })

  describe('product detail', () => {
    it('has the variants, the category trail and the URL in every language', async () => {
      const product = await getProduct(database.db, 'cs', p.zofie)
      expect(product).toMatchObject({
        id: p.zofie,
        name: 'Dámské brýle Žofie',
        code: 'LU-1001',
        brand: 'Lumen',
        description: 'Lehká obruba z acetátu.',
        url: '/cs/p/100/damske-bryle-zofie',
        statuses: [],
        categoryTrail: [
          { id: c.frames, name: 'Brýlové obruby' },
          { id: c.womens, name: 'Dámské obruby' },
        ],
      })
      expect(product?.urls.en).toBe('/en/p/100/zofie-womens-glasses')
      expect(
        product?.variants.map((variant) => [variant.code, variant.name, variant.image]),
      ).toEqual([
        ['LU-1001-BK', 'Černá', '/media/medium/demo/zofie-black.webp'],
        ['LU-1001-GO', 'Zlatá', '/media/medium/demo/zofie-gold.webp'],
      ])
      expect(product?.variants[0]).toMatchObject({ imageWidth: 640, imageHeight: 320 })
    })

    it('is null for unpublished products, variants and other objects', async () => {
      expect(await getProduct(database.db, 'cs', p.draft)).toBeNull()
      expect(await getProduct(database.db, 'cs', v.zofieBlack)).toBeNull()
      expect(await getProduct(database.db, 'cs', c.frames)).toBeNull()
    })
  })

  describe('product index', () => {
    it('is where the lists come from: a product missing from it is not listed', async () => {
      const listed = async () => ({
        category: (await listCategoryProducts(database.db, 'cs', c.frames, { limit: 10 })).map(
          (t) => t.id,
        ),
        featured: (await listFeaturedProducts(database.db, 'cs', 10)).map((t) => t.id),
        search: (await searchProducts(database.db, 'cs', 'marek', 10)).map((t) => t.id),
      })
      expect(await listed()).toMatchObject({ search: [p.marek] })
      expect((await listed()).category).toContain(p.marek)

      await database.db.delete(productIndex).where(eq(productIndex.productId, p.marek))
      const without = await listed()
      expect(without.category).not.toContain(p.marek)
      expect(without.featured).not.toContain(p.marek)
      expect(without.search).toEqual([])

      await updateProductIndex(database.db, [p.marek])
      expect(await listed()).toMatchObject({ search: [p.marek] })
      expect((await listed()).category).toContain(p.marek)
    })
  })
})
